jest.mock('fastify', () => jest.requireActual('./test-support/route-table').recordingFastify(jest.requireActual('fastify')));

import {
  API_TOKEN_MESSAGES, FOLLOWER_MESSAGES, HOUR_BANK_MESSAGES, INBOUND_MESSAGES, MAINTENANCE_SCHEDULE_MESSAGES, MESSAGES, SECURITY_MESSAGES, STATEMENT_MESSAGES, STATUS, STEP_UP_MESSAGES,
  WEBHOOK_MESSAGES, attachmentTooLargeMessage, requiredFieldMessage,
} from '@portal/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from './db/seed/demo-data';
import { completion, startFakeChatService, type FakeChatService } from './test-support/fake-chat-service';
import {
  HOSTILE_IDS, MALFORMED_BODIES, REMOVE, VALUE_CLASSES, fieldsOf, inputSchemaOf, validValue, withField, type JsonSchema, type KnownValue,
} from './test-support/fuzz-values';
import { aFuzzWorld, fuzzWord, type FuzzWorld } from './test-support/fuzz-world';
import { EXE_BYTES, PNG_BYTES, multipartBody } from './test-support/multipart';
import { apiRoutes, type RegisteredRoute } from './test-support/route-table';
import { createTestApp, type TestApp } from './test-support/test-app';

// Every write route, with bodies derived from its contract schema (valid, boundary, wrong-typed and
// hostile values per field, missing and extra fields, malformed JSON, other content types), as a
// client and as the admin, with real and hostile path ids. What a caller sees must hold for every
// answer (STYLE 8): never a 5xx, and every 4xx is `{ statusCode, error }` with a catalogue message.

const ATTACHMENT_MAX_BYTES = 4096;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CATALOGUE: ReadonlySet<string> = new Set([...Object.values(MESSAGES), ...Object.values(SECURITY_MESSAGES), ...Object.values(STEP_UP_MESSAGES), ...Object.values(FOLLOWER_MESSAGES),
  ...Object.values(HOUR_BANK_MESSAGES).filter((message) => typeof message === 'string'), ...Object.values(MAINTENANCE_SCHEDULE_MESSAGES), ...Object.values(STATEMENT_MESSAGES),
  ...Object.values(API_TOKEN_MESSAGES), ...Object.values(INBOUND_MESSAGES), ...Object.values(WEBHOOK_MESSAGES).filter((message) => typeof message === 'string'),
]);
function isCatalogueMessage(text: string): boolean {
  const label = /^The (.+) field is required\.$/.exec(text)?.[1];
  return CATALOGUE.has(text) || (label !== undefined && text === requiredFieldMessage(label)) || text === attachmentTooLargeMessage(ATTACHMENT_MAX_BYTES);
}

type Caller = 'client' | 'admin';

let t: TestApp;
let chat: FakeChatService;

beforeAll(async () => {
  chat = await startFakeChatService();
  chat.answer((_request, response) => response.end(completion('["Draft the page", "Check it on a phone"]')));
  t = await createTestApp({
    ai: { baseUrl: chat.baseUrl, apiKey: 'fuzz-key', timeoutMs: 2000, sleep: async () => undefined },
    accounting: { url: '', token: '' },
    attachmentMaxBytes: ATTACHMENT_MAX_BYTES,
  });
});

afterAll(async () => {
  await t.close();
  await chat.close();
});

/** Field values that reach past validation: the world's real ids, unique e-mails and URLs, and what `route` needs of its own. */
function knownValues(world: FuzzWorld, route: RegisteredRoute): KnownValue {
  const ofRoute: Record<string, Record<string, () => unknown>> = {
    // A known address: an unknown one is answered 'Contact not found.' (docs/product/accounts-and-roles.md).
    'POST /api/auth/forgot': { email: () => 'client@demo.test' },
    'POST /api/webhooks': { url: () => 'https://hooks.example.com/new' },
    // A token that never expires, of no company: a client may make that one (docs/product/integrations.md#api-tokens).
    'POST /api/account/api-tokens': { expires_at: () => null, company_id: () => null },
    'PUT /api/webhooks/:id': { url: () => 'https://hooks.example.com/changed' },
    'PUT /api/contact/:id/meta/note_prefs': { meta_value: () => JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }) },
    // A well-formed stream id (no stream of the caller's: the list is ignored) and API paths.
    'POST /api/events/watch': { stream: () => 'fuzzStream0123456789ab', keys: () => ['/api/notifications'] },
    'POST /api/events/check': { key: () => '/api/notifications' },
    'POST /api/events/presence': { stream: () => 'fuzzStream0123456789ab', activity: () => 'viewing' },
  };
  const byName: Record<string, () => unknown> = {
    ticket_id: () => world.ticket,
    ticket_ids: () => [world.ticket],
    company_id: () => world.company,
    contact_id: () => world.client,
    assignee_id: () => world.agent,
    default_agent: () => world.agent,
    type_id: () => 1,
    priority_id: () => 3,
    status_id: () => STATUS.inProgress,
    group_id: () => 5,
    mode: () => 1,
    offset: () => 0,
    email: () => `${fuzzWord()}@fuzz.test`,
    username: () => 'client@demo.test',
    url: () => `https://${fuzzWord()}.example`,
    phone: () => '555-700-0101',
    password: () => DEMO_PASSWORD,
    confirm: () => DEMO_PASSWORD,
    current_password: () => DEMO_PASSWORD,
    time_zone: () => 'Europe/Berlin',
    date_due: () => new Date(Date.now() + 7 * 86_400_000).toISOString(),
    date_completed: () => new Date().toISOString(),
    meta_value: () => '{}',
    option_name: () => 'type_assignments',
    option_value: () => ({}),
    field: () => 'status_id',
    estimate_approved: () => 1,
    estimated_time: () => 2,
    time: () => 2,
    estimate_required: () => 0,
    title: () => 'Fuzz title',
    description: () => 'Fuzz description',
    note: () => 'Fuzz note',
    name: () => world.templateName,
    ...ofRoute[route.key],
  };
  return (name) => byName[name]?.();
}

/** A path parameter's real value in this world. */
function realParam(route: RegisteredRoute, name: string, world: FuzzWorld): string {
  const declared = route.schema?.params ? inputSchemaOf(route.schema.params).properties?.[name] : undefined;
  if (declared?.enum) return String(declared.enum[0]);
  const byName: Record<string, () => number | string> = {
    target_type: () => 'ticket',
    attachment_id: () => world.attachment,
    contactId: () => world.otherContact,
    contact_id: () => world.otherContact,
    cc_id: () => world.ccAddress,
    // A webhook's delivery: none in the world, so the valid requests answer 404 (webhook-routes.test.ts redelivers).
    delivery_id: () => 1,
    invoiceId: () => world.invoice,
    // A message-centre send: none in the world, so the valid requests answer 404 (the route's own test re-sends).
    messageId: () => 1,
    task_id: () => world.task,
    code: () => 'no-such-code',
    token: () => world.unsubscribeToken,
    type: () => 'ticket',
    name: () => world.templateName,
    // A statement's month: last month, which has begun, so the requests reach the route's own rules.
    month: () => new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7),
    id: () => {
      const resource = route.url.split('/')[2];
      if (resource === 'company' || resource === 'maintenance') return world.company;
      if (resource === 'webhooks') return fuzzWebhook;
      if (resource === 'contact') return route.url.endsWith('/pay_rate') ? world.agent : world.client;
      if (resource === 'time') return world.timeEntry;
      if (resource === 'activity') return world.activity;
      if (resource === 'notifications') return world.notification;
      return world.ticket;
    },
  };
  const value = byName[name];
  if (!value) throw new Error(`no fuzz value for the path parameter :${name} of ${route.key}: add one`);
  return String(value());
}

function urlOf(route: RegisteredRoute, params: (name: string) => string): string {
  return route.url.split('/').map((part) => (part.startsWith(':') ? encodeURIComponent(params(part.slice(1))) : part)).join('/');
}

interface Variant {
  label: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** The bodies a route is tried with: one valid, then each field × each value class once, missing, extra. */
function bodyVariants(route: RegisteredRoute, known: KnownValue): Variant[] {
  const jsonBodies = (schema: JsonSchema | undefined): Variant[] => {
    if (!schema) return [{ label: 'no body' }, { label: 'an unexpected body', payload: { unexpected: '<script>alert(1)</script>' } }];
    // A creation gets every field known to matter; a change only what it requires, one field at a time.
    const base = validValue(schema, 'body', known, route.method === 'POST');
    const variants: Variant[] = [{ label: 'valid', payload: base }, { label: 'extra field', payload: { ...(base as object), unexpected_field: "' OR 1=1 --" } }];
    for (const field of fieldsOf(schema)) {
      const name = field.path.join('.');
      const last = String(field.path.at(-1));
      variants.push({ label: `${name}: missing`, payload: withField(base, field.path, REMOVE) });
      if (!field.required) variants.push({ label: `${name}: valid`, payload: withField(base, field.path, known(last) ?? 'Fuzz value') });
      for (const { name: valueClass, value } of VALUE_CLASSES) variants.push({ label: `${name}: ${valueClass}`, payload: withField(base, field.path, value) });
    }
    return variants;
  };
  const variants = jsonBodies(route.schema?.body ? inputSchemaOf(route.schema.body) : undefined);
  for (const malformed of MALFORMED_BODIES) {
    variants.push({ label: malformed.name, payload: malformed.payload, headers: { 'content-type': malformed.contentType } });
  }
  if (route.method === 'POST' && route.url.endsWith('/attachments')) variants.push(...uploadVariants());
  return variants;
}

function uploadVariants(): Variant[] {
  const upload = (label: string, files: Parameters<typeof multipartBody>[0]): Variant => {
    const body = multipartBody(files);
    return { label, payload: body.payload, headers: body.headers };
  };
  return [
    upload('a PNG', [{ filename: 'fuzz.png', content: PNG_BYTES }]),
    upload('an executable', [{ filename: 'fuzz.exe', content: EXE_BYTES }]),
    upload('an executable named .png', [{ filename: 'fuzz.png', content: EXE_BYTES }]),
    upload('a traversal file name', [{ filename: '../../etc/passwd.png', content: PNG_BYTES }]),
    upload('an empty file name', [{ filename: '', content: PNG_BYTES }]),
    upload('an empty file', [{ filename: 'empty.png', content: Buffer.alloc(0) }]),
    upload('a file over the limit', [{ filename: 'big.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(ATTACHMENT_MAX_BYTES * 2, 1)]) }]),
    upload('no file', []),
  ];
}

/**
 * Write routes a 2xx of which needs a secret the fuzz cannot make: a code from an authenticator app,
 * a passkey's signed answer, a factor that only such a secret turns on. Still fuzzed (no 5xx, catalogue
 * messages), only not counted among the routes that should let a valid body through.
 */
const NEEDS_A_SECRET = new Set([
  'POST /api/auth/login/second-factor', 'POST /api/auth/passkey/verify', 'POST /api/account/security/totp/confirm',
  'DELETE /api/account/security/totp', 'POST /api/account/security/passkeys', 'DELETE /api/account/security/passkeys/:id',
  'POST /api/account/security/recovery-codes',
  // An API token, which the fuzz's cookie callers do not send (api/src/routes/inbound-ticket-routes.test.ts sends one).
  'POST /api/inbound/tickets',
]);

let sent = 0;
/** The routes that answered a 2xx at least once: the fuzz reached past validation and authorization. */
const succeeded = new Set<string>();
const failures = new Map<string, string>();

function check(route: RegisteredRoute, caller: Caller, label: string, url: string, res: LightMyRequestResponse): void {
  sent += 1;
  if (res.statusCode < 300) succeeded.add(route.key);
  if (res.statusCode < 400) return;
  let problem: string | undefined;
  if (res.statusCode >= 500) problem = 'a 5xx';
  // The unsubscribe link's page posts its own form: a bad link answers a page that says so, not JSON.
  else if (String(res.headers['content-type'] ?? '').startsWith('text/html')) problem = res.body.includes('<title>') ? undefined : 'an empty page';
  else {
    const body = (() => {
      try {
        return res.json() as { statusCode?: unknown; error?: unknown };
      } catch {
        return undefined;
      }
    })();
    if (!body || body.statusCode !== res.statusCode || typeof body.error !== 'string' || body.error.trim() === '') problem = 'no { statusCode, error } body';
    else if (!isCatalogueMessage(body.error)) problem = 'a message outside the catalogue';
  }
  if (!problem) return;
  // One line per route, status and answer: the first request that got it.
  const key = `${route.key} ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (!failures.has(key)) failures.set(key, `${problem}: ${route.key} as ${caller} [${label}] ${url} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
}

let address = 0;
async function send(route: RegisteredRoute, caller: Caller, cookie: string, url: string, variant: Variant): Promise<void> {
  // An address of its own per request: the public routes' per-address limits never decide an answer.
  address += 1;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: { cookie, ...variant.headers },
    ...(variant.payload === undefined ? {} : { payload: variant.payload as InjectOptions['payload'] }),
  };
  check(route, caller, variant.label, url, await t.app.inject(options));
}

/** The world's company made a maintenance client (service 1 is Maintenance in the demo lists) with a plan. */
const aMaintenanceClient = (world: FuzzWorld) => t.app.db.insertInto('company_meta').values([
  { company_id: world.company, meta_key: 'services', meta_value: '1', date_created: new Date().toISOString() },
  { company_id: world.company, meta_key: 'maintenance_prefs', meta_value: JSON.stringify({ frequency: 'monthly', intensity: ['maintenance'] }), date_created: new Date().toISOString() },
]).execute();

/** The webhook the webhook routes work on (docs/product/integrations.md#webhooks), made again when a route removed it. */
let fuzzWebhook = 0;
const aWebhook = async () => {
  const existing = await t.app.db.selectFrom('webhooks').select('id').orderBy('id').executeTakeFirst();
  fuzzWebhook = existing?.id ?? await t.app.repos.webhooks.add(t.app.db, {
    url: 'https://hooks.example.com/fuzz', secret: 'sealed', events: '["ticket.created"]', company_id: null, format: 'json', urgent_only: 0, staff_only: 0, created_by: null,
  });
};

/** What a route's valid request needs besides the world: a thing to remove, say. */
const PREPARE: Record<string, (world: FuzzWorld) => Promise<unknown>> = {
  'PUT /api/webhooks/:id': aWebhook,
  'DELETE /api/webhooks/:id': aWebhook,
  'POST /api/webhooks/:id/secret': aWebhook,
  'POST /api/webhooks/:id/enable': aWebhook,
  'POST /api/webhooks/:id/test': aWebhook,
  'POST /api/webhooks/:id/deliveries/:delivery_id/redeliver': aWebhook,
  'PUT /api/maintenance/schedules/:id': aMaintenanceClient,
  'POST /api/maintenance/schedules/:id/run': aMaintenanceClient,
  // A running timer of the admin's, for the admin's discard.
  'DELETE /api/timer': async (world) => t.app.db.insertInto('timers').values({
    contact_id: await t.contactId('admin@demo.test'), ticket_id: world.ticket, started_at: new Date().toISOString(), accumulated_seconds: 0,
    paused_at: null, asked_at: null, limit_paused_at: null, date_created: new Date().toISOString(),
  }).execute(),
  // Last month's statement held, for the release.
  'DELETE /api/company/:id/statements/:month/hold': async (world) => t.app.db.insertInto('statements').values({
    company_id: world.company, month: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7), status: 'held',
    held_by: null, date_held: new Date().toISOString(), date_sent: null,
  }).execute(),
};

async function fuzzRoute(route: RegisteredRoute): Promise<void> {
  const world = await aFuzzWorld(t);
  await PREPARE[route.key]?.(world);
  const known = knownValues(world, route);
  const variants = bodyVariants(route, known);
  const params = route.url.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));
  // The client first: the admin's changes (a new group, a deleted contact) would change who the client is.
  for (const [caller, cookie] of [['client', world.clientCookie], ['admin', world.adminCookie]] as const) {
    const realUrl = urlOf(route, (name) => realParam(route, name, world));
    for (const variant of variants) await send(route, caller, cookie, realUrl, variant);
    for (const hostile of HOSTILE_IDS) {
      for (const param of params) {
        const url = urlOf(route, (name) => (name === param ? hostile : realParam(route, name, world)));
        await send(route, caller, cookie, url, variants[0]!);
      }
    }
  }
}

test('every write route answers no 5xx and a catalogue message on every 4xx', async () => {
  const routes = apiRoutes(t.app).filter((route) => WRITE_METHODS.has(route.method));
  expect(routes.length).toBeGreaterThan(20);
  const started = Date.now();
  for (const route of routes) await fuzzRoute(route);
  console.log(`fuzz: ${sent} requests to ${routes.length} write routes in ${((Date.now() - started) / 1000).toFixed(1)} s; ${succeeded.size} routes answered a 2xx`);
  // Most bodies were refused on purpose; the valid ones must still get through on most routes, those
  // that need a secret no fuzzer holds (a one-time code, an authenticator's signature) left out.
  const reachable = routes.filter((route) => !NEEDS_A_SECRET.has(route.key));
  console.log(`fuzz: never a 2xx: ${reachable.filter((route) => !succeeded.has(route.key)).map((route) => route.key).join(', ')}`);
  expect(reachable.filter((route) => succeeded.has(route.key)).length).toBeGreaterThan(reachable.length * 0.75);
  expect([...failures.values()]).toEqual([]);
}, 180_000);
