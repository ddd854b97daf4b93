jest.mock('fastify', () => jest.requireActual('./test-support/route-table').recordingFastify(jest.requireActual('fastify')));

import { STATUS } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { unsubscribeLink } from './services/unsubscribe';
import { aTimeEntry } from './test-support/billing';
import { aTicket } from './test-support/factories';
import { PNG_BYTES, multipartBody } from './test-support/multipart';
import { matrixCallers } from './test-support/authorization-matrix-callers';
import { apiRoutes, routeFor, type RegisteredRoute } from './test-support/route-table';
import { createTestApp, type TestApp } from './test-support/test-app';

// Every route for every kind of caller. A cell is the status the caller must get; the rules are
// docs/product/accounts-and-roles.md#permissions: admin everything, staff staff work, clients only their
// companies, and the company profile for its primary contacts (client A is Acme's, Dana is Acme's other
// contact).

type Actor = 'anonymous' | 'clientA' | 'dana' | 'clientB' | 'agent' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'clientA', 'dana', 'clientB', 'agent', 'admin'];

interface Fixtures {
  ids: { clientA: number; clientB: number; agent: number; admin: number; dana: number; acme: number; acmeTicket: number; acmeInvoice: number };
  /** A notification owned by client A, made fresh for each cell that deletes one. */
  freshNotificationOfClientA(): Promise<number>;
  /** An Acme ticket of its own per cell, so one caller's change never decides the next cell. */
  freshAcmeTicket(statusId?: number): Promise<number>;
  freshActivity(): Promise<number>;
  freshTask(): Promise<number>;
  /** An attachment uploaded by the agent on ids.acmeTicket. */
  freshAttachment(): Promise<number>;
  /** An Active company of its own per cell, for the mode change (it closes the company's tickets). */
  freshCompany(): Promise<number>;
  /** A client linked to Acme, of its own per cell. */
  freshAcmeContact(): Promise<number>;
  /** A company of its own per cell with time logged this month, to issue its invoice. */
  freshBilledCompany(): Promise<number>;
  /** The unsubscribe link of a digest sent to a fresh Acme contact. */
  freshUnsubscribePath(): Promise<string>;
  /** A message held for an admin (from a stranger), of its own per cell, with its original kept. */
  freshHeldMail(): Promise<number>;
  /** A unique word per cell, for e-mails and URLs that must not collide. */
  unique(): string;
}

const upload = () => multipartBody([{ filename: 'matrix.png', content: PNG_BYTES }]);

interface Row {
  route: string;
  request: (f: Fixtures, actor: Actor) => Promise<InjectOptions> | InjectOptions;
  /** Dana's cell is given where her being a non-primary contact of Acme matters. */
  expect: Record<Exclude<Actor, 'dana'>, number> & { dana?: number };
  /** An answer that never ends (the live stream): read as it starts, then let go. */
  streamed?: true;
}

const person = (f: Fixtures) => ({ title: 'Tester', first_name: 'Matrix', last_name: 'Person', email: `${f.unique()}@matrix.test`, phone: '555-700-0001' });

const MISSING = 999_999;

const VIEW_FILTER = { board: 'list', sort: 'priorityId', direction: 'DESC', statuses: [2], maintenance_only: false, tags: [] };

/** A saved reply of its own per cell: shared (null) or the given staff member's. */
async function matrixReply(ownerId: number | null): Promise<number> {
  return (await t.app.repos.savedReplies.create({ title: 'Matrix reply', body: 'Hi {{client.first_name}}', owner_id: ownerId })).id;
}

/** A fresh Acme ticket (its requester client A) that Dana follows and where an address was seen in Cc (docs/product/tickets.md#followers-and-cc). */
async function followedTicket(f: Fixtures): Promise<{ ticketId: number; ccId: number }> {
  const ticketId = await f.freshAcmeTicket();
  await t.app.repos.followers.add(t.app.db, ticketId, [f.ids.dana], f.ids.clientA);
  await t.app.repos.followers.addCcAddresses(t.app.db, ticketId, ['cc@matrix.test']);
  const [cc] = await t.app.repos.followers.ccAddresses(ticketId);
  return { ticketId, ccId: cc!.id };
}

/** A tag of its own per cell (docs/product/tags-and-views.md), on the Acme ticket. */
async function matrixTag(f: Fixtures): Promise<number> {
  const tag = await t.app.repos.tags.findOrCreate(t.app.db, `matrix ${f.unique()}`);
  await t.app.repos.tags.tag(t.app.db, f.ids.acmeTicket, tag.id);
  return tag.id;
}

/** A saved view of its own per cell: the given staff member's. */
async function matrixView(f: Fixtures, contactId: number): Promise<number> {
  const filter = { board: 'list' as const, sort: 'priorityId' as const, direction: 'DESC' as const, statuses: [2], maintenance_only: false, tags: [] };
  return (await t.app.repos.savedViews.create({ contact_id: contactId, name: f.unique(), screen: 'agents', filter })).id;
}

/**
 * The actor's timer, fresh per cell, on a ticket of a company of its own (no plan, so no rule of hour banks decides
 * the cell); for staff only (a client has none). `running: false` leaves the actor without one.
 */
async function matrixTimer(f: Fixtures, actor: Actor, running = true): Promise<number> {
  const companyId = await t.app.repos.companies.create(t.app.db, { name: `Matrix Timer ${f.unique()}`, mode: 1 });
  const ticketId = await aTicket(t.app, { company_id: companyId, title: 'Matrix timed work' });
  const contactId = actor === 'agent' ? f.ids.agent : actor === 'admin' ? f.ids.admin : null;
  if (contactId === null) return ticketId;
  await t.app.db.deleteFrom('timers').where('contact_id', '=', contactId).execute();
  const now = new Date().toISOString();
  if (running) await t.app.db.insertInto('timers').values({ contact_id: contactId, ticket_id: ticketId, started_at: now, accumulated_seconds: 0, date_created: now }).execute();
  return ticketId;
}

/**
 * A fresh Acme ticket, Acme having plan hours (docs/product/hour-banks.md) so large that no other row's time goes
 * beyond them; `pending` adds a request for approval waiting on it.
 */
async function bankTicket(f: Fixtures, pending = false): Promise<number> {
  const now = new Date().toISOString();
  await t.app.db.insertInto('hour_banks').values({ company_id: f.ids.acme, included_units: 7440, rollover_cap_units: 0, start_month: now.slice(0, 7), date_updated: now })
    .onConflict((oc) => oc.column('company_id').doNothing()).execute();
  const ticketId = await f.freshAcmeTicket();
  if (pending) {
    await t.app.db.insertInto('overage_approvals').values({
      ticket_id: ticketId, month: now.slice(0, 7), units: 10, status: 'pending', requested_by: f.ids.agent, date_requested: now, decided_by: null, date_decided: null,
    }).execute();
  }
  return ticketId;
}

/** This month ('YYYY-MM') in the portal's zone (UTC here): a month whose statement may be read and held. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A company of its own per cell whose statement of this month an admin held. */
async function heldStatementCompany(f: Fixtures): Promise<number> {
  const companyId = await f.freshCompany();
  await t.app.db.insertInto('statements').values({
    company_id: companyId, month: thisMonth(), status: 'held', held_by: f.ids.admin, date_held: new Date().toISOString(), date_sent: null, outbox_ids: null,
  }).execute();
  return companyId;
}

/** A webhook endpoint of its own per cell (docs/product/integrations.md#webhooks). */
async function freshWebhook(f: Fixtures): Promise<number> {
  return t.app.repos.webhooks.add(t.app.db, {
    url: `https://${f.unique()}.example/hook`, secret: 'sealed', events: '["ticket.created"]', company_id: null, format: 'json', urgent_only: 0, staff_only: 0,
    created_by: f.ids.admin,
  });
}

/** A time entry of the agent on the Acme ticket, of its own per cell: dated now, or mid last month (frozen once Acme's last month is issued). */
async function agentTime(f: Fixtures, when: 'now' | 'last month'): Promise<number> {
  const date = new Date();
  if (when === 'last month') date.setUTCMonth(date.getUTCMonth() - 1, 15);
  return aTimeEntry(t.app, { ticket_id: f.ids.acmeTicket, company_id: f.ids.acme, contact_id: f.ids.agent, time: 3, date: date.toISOString(), pay_rate: 40 });
}

const ROWS: Row[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/ready', request: () => ({ method: 'GET', url: '/api/ready' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/settings/public', request: () => ({ method: 'GET', url: '/api/settings/public' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/docs/json', request: () => ({ method: 'GET', url: '/api/docs/json' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/docs/yaml', request: () => ({ method: 'GET', url: '/api/docs/yaml' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/auth/login (wrong password)', request: () => ({ method: 'POST', url: '/api/auth/login', payload: { username: 'client@demo.test', password: 'nope-nope' } }),
    expect: { anonymous: 401, clientA: 401, clientB: 401, agent: 401, admin: 401 } },
  { route: 'GET /api/events (the live stream)', request: () => ({ method: 'GET', url: '/api/events' }), streamed: true,
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  // A watch list applies only to the caller's own stream (checked where the stream is), so every signed-in contact may send one.
  { route: 'POST /api/events/watch', request: () => ({ method: 'POST', url: '/api/events/watch', payload: { stream: 'A'.repeat(22), seq: 1, keys: ['/ticket/1'] } }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  // Presence on a ticket (docs/product/tickets.md#who-is-on-the-ticket): on a ticket the caller may read; an internal note is staff only.
  { route: 'POST /api/events/presence', request: (f) => ({ method: 'POST', url: '/api/events/presence', payload: { stream: 'A'.repeat(22), ticket_id: f.ids.acmeTicket, activity: 'viewing' } }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/events/presence (an internal note)', request: (f) => ({ method: 'POST', url: '/api/events/presence', payload: { stream: 'A'.repeat(22), ticket_id: f.ids.acmeTicket, activity: 'noting' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  // A check only answers from the caller's own answers (keyed by its scope), so every signed-in contact may send one.
  { route: 'POST /api/events/check', request: (f) => ({ method: 'POST', url: '/api/events/check', payload: { keys: [{ key: `/ticket/${f.ids.acmeTicket}`, etag: '"x"' }] } }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/auth/me', request: () => ({ method: 'GET', url: '/api/auth/me' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/contact/:clientA', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.clientA}` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact/:missing', request: () => ({ method: 'GET', url: `/api/contact/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'PUT /api/contact/:clientA', request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}`, payload: { phone: '555-020-0001' } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/contact/:own with a new group_id',
    request: (f, actor) => {
      const target = actor === 'admin' ? f.ids.dana : actor === 'anonymous' ? f.ids.clientA : f.ids[actor];
      return { method: 'PUT', url: `/api/contact/${target}`, payload: { group_id: actor === 'admin' ? 5 : 1 } };
    },
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  // A contact's language is theirs alone (docs/product/languages.md#a-persons-language): not even an admin changes it.
  { route: 'PUT /api/contact/:clientA with a language', request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}`, payload: { language: 'en' } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  { route: 'PUT /api/contact/:clientA/meta/note_prefs',
    request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}/meta/note_prefs`, payload: { meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }) } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  { route: 'POST /api/notifications', request: (f) => ({ method: 'POST', url: '/api/notifications', payload: { contact_id: f.ids.clientA, note: 'Matrix note' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'GET /api/contact/:clientA/notifications', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.clientA}/notifications` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact/unsubscribe/:token (public; a digest\'s link)', request: async (f) => ({ method: 'GET', url: await f.freshUnsubscribePath() }),
    expect: { anonymous: 200, clientA: 200, dana: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/contact/unsubscribe/:token (public; one-click, RFC 8058)',
    request: async (f) => ({ method: 'POST', url: await f.freshUnsubscribePath(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }),
    expect: { anonymous: 200, clientA: 200, dana: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'DELETE /api/notifications/:id (of client A)', request: async (f) => ({ method: 'DELETE', url: `/api/notifications/${await f.freshNotificationOfClientA()}` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/notifications/:missing', request: () => ({ method: 'DELETE', url: `/api/notifications/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'DELETE /api/contact/:clientA/notifications', request: (f) => ({ method: 'DELETE', url: `/api/contact/${f.ids.clientA}/notifications` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Read and unread are the owner's alone (docs/product/notifications-and-mail.md#bell-panel): an admin may read the list, not clear its bell.
  { route: 'PUT /api/notifications/:id/read (of client A)', request: async (f) => ({ method: 'PUT', url: `/api/notifications/${await f.freshNotificationOfClientA()}/read` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  { route: 'PUT /api/notifications/:missing/read', request: () => ({ method: 'PUT', url: `/api/notifications/${MISSING}/read` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'PUT /api/contact/:clientA/notifications/read', request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}/notifications/read` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  // Response-time promises are set by admins only (docs/product/response-times.md#who-sets-them).
  { route: 'GET /api/sla/settings', request: () => ({ method: 'GET', url: '/api/sla/settings' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/sla/settings',
    request: () => ({ method: 'PUT', url: '/api/sla/settings', payload: { time_zone: 'UTC', days: [{ day: 1, open: '09:00', close: '17:00' }], holidays: [], targets: [] } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company/:acme/sla-targets', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/sla-targets` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/company/:acme/sla-targets', request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/sla-targets`, payload: { targets: null } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/company/:missing/sla-targets', request: () => ({ method: 'PUT', url: `/api/company/${MISSING}/sla-targets`, payload: { targets: null } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  // The monthly response-times report is the admins' (docs/product/response-times.md#the-monthly-report).
  { route: 'GET /api/sla/report', request: () => ({ method: 'GET', url: '/api/sla/report?month=2026-03' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/options/status-defaults', request: () => ({ method: 'GET', url: '/api/options/status-defaults' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/options', request: () => ({ method: 'POST', url: '/api/options', payload: { option_name: 'type_assignments', option_value: {} } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/options/locale', request: () => ({ method: 'GET', url: '/api/options/locale' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/options (locale)', request: () => ({ method: 'POST', url: '/api/options', payload: { option_name: 'locale', option_value: { language: 'en', currency: 'USD' } } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/options/priority-defaults/usage', request: () => ({ method: 'GET', url: '/api/options/priority-defaults/usage' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact?group=agents', request: () => ({ method: 'GET', url: '/api/contact?group=agents' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact/:agent/placements', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/placements` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/contact/:agent/pay_rate', request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.agent}/pay_rate`, payload: { pay_rate: 40 } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/contact/:id (a fresh Acme contact)', request: async (f) => ({ method: 'DELETE', url: `/api/contact/${await f.freshAcmeContact()}` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company?include=primary', request: () => ({ method: 'GET', url: '/api/company?include=primary' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/sendmail/recipients', request: () => ({ method: 'POST', url: '/api/sendmail/recipients', payload: { kind: 'agents' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/sendmail',
    request: (f) => ({ method: 'POST', url: '/api/sendmail', payload: { subject: 'Matrix', message: 'Hi {{contactFirst}}', kind: 'contacts', recipients: [{ contact_id: f.ids.clientA }] } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 202 } },
  { route: 'GET /api/sendmail', request: () => ({ method: 'GET', url: '/api/sendmail' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/sendmail/:missing', request: () => ({ method: 'GET', url: `/api/sendmail/${MISSING}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  // The Sent tab (docs/product/messaging.md#sent-messages, #failed-mail); a real re-send and re-queue: message-routes.resend.test.ts.
  { route: 'POST /api/sendmail/:missing/resend', request: () => ({ method: 'POST', url: `/api/sendmail/${MISSING}/resend` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'GET /api/mail-outbox/failed', request: () => ({ method: 'GET', url: '/api/mail-outbox/failed' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/mail-outbox/status', request: () => ({ method: 'GET', url: '/api/mail-outbox/status' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/mail-outbox/:missing/requeue', request: () => ({ method: 'POST', url: `/api/mail-outbox/${MISSING}/requeue` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'GET /api/sendmail/templates', request: () => ({ method: 'GET', url: '/api/sendmail/templates' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/sendmail/templates/:name',
    request: (f) => {
      const name = f.unique();
      return { method: 'POST', url: `/api/sendmail/templates/${name}`, payload: { name, subject: 'S', message: 'M' } };
    },
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Saved replies (docs/product/saved-replies.md): staff only; shared ones written by admins, personal ones by their owner.
  { route: 'GET /api/saved-replies', request: () => ({ method: 'GET', url: '/api/saved-replies' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/saved-replies (own)', request: () => ({ method: 'POST', url: '/api/saved-replies', payload: { title: 'Matrix', body: 'x' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'POST /api/saved-replies (shared)', request: () => ({ method: 'POST', url: '/api/saved-replies', payload: { title: 'Matrix', body: 'x', shared: true } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'PUT /api/saved-replies/:id (shared)', request: async () => ({ method: 'PUT', url: `/api/saved-replies/${await matrixReply(null)}`, payload: { title: 'Matrix', body: 'y' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/saved-replies/:id (the agent\'s own)', request: async (f) => ({ method: 'PUT', url: `/api/saved-replies/${await matrixReply(f.ids.agent)}`, payload: { title: 'Matrix', body: 'y' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 404 } },
  { route: 'DELETE /api/saved-replies/:id (shared)', request: async () => ({ method: 'DELETE', url: `/api/saved-replies/${await matrixReply(null)}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/saved-replies/:id (the agent\'s own)', request: async (f) => ({ method: 'DELETE', url: `/api/saved-replies/${await matrixReply(f.ids.agent)}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 404 } },
  { route: 'DELETE /api/saved-replies/:missing', request: () => ({ method: 'DELETE', url: `/api/saved-replies/${MISSING}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 404, admin: 404 } },
  { route: 'POST /api/saved-replies/:id/uses (shared)',
    request: async (f) => ({ method: 'POST', url: `/api/saved-replies/${await matrixReply(null)}/uses`, payload: { ticket_id: f.ids.acmeTicket } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/saved-replies/:id/uses (the admin\'s own)',
    request: async (f) => ({ method: 'POST', url: `/api/saved-replies/${await matrixReply(f.ids.admin)}/uses`, payload: { ticket_id: f.ids.acmeTicket } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 404, admin: 200 } },
  // Followers (docs/product/tickets.md#followers-and-cc): anyone who sees the ticket reads them and follows it; the requester and
  // staff add a contact of its company, only staff add staff; one removes oneself, staff anyone; the Cc addresses are staff's.
  { route: 'GET /api/ticket/:acme/followers', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/followers` }),
    expect: { anonymous: 401, clientA: 200, clientB: 404, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:missing/followers', request: () => ({ method: 'GET', url: `/api/ticket/${MISSING}/followers` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'POST /api/ticket/:id/followers/me', request: async (f) => ({ method: 'POST', url: `/api/ticket/${await f.freshAcmeTicket()}/followers/me` }),
    expect: { anonymous: 401, clientA: 200, clientB: 404, agent: 200, admin: 200 } },
  { route: 'DELETE /api/ticket/:id/followers/me', request: async (f) => ({ method: 'DELETE', url: `/api/ticket/${(await followedTicket(f)).ticketId}/followers/me` }),
    expect: { anonymous: 401, clientA: 200, clientB: 404, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:id/followers (Dana)',
    request: async (f) => ({ method: 'POST', url: `/api/ticket/${await f.freshAcmeTicket()}/followers`, payload: { contact_id: f.ids.dana } }),
    expect: { anonymous: 401, clientA: 200, dana: 200, clientB: 404, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:id/followers (the agent)',
    request: async (f) => ({ method: 'POST', url: `/api/ticket/${await f.freshAcmeTicket()}/followers`, payload: { contact_id: f.ids.agent } }),
    expect: { anonymous: 401, clientA: 403, clientB: 404, agent: 200, admin: 200 } },
  { route: 'DELETE /api/ticket/:id/followers/:contact_id (Dana)',
    request: async (f) => ({ method: 'DELETE', url: `/api/ticket/${(await followedTicket(f)).ticketId}/followers/${f.ids.dana}` }),
    expect: { anonymous: 401, clientA: 403, dana: 200, clientB: 404, agent: 200, admin: 200 } },
  { route: 'DELETE /api/ticket/:id/cc-addresses/:cc_id', request: async (f) => {
    const { ticketId, ccId } = await followedTicket(f);
    return { method: 'DELETE', url: `/api/ticket/${ticketId}/cc-addresses/${ccId}` };
  },
  expect: { anonymous: 401, clientA: 403, clientB: 404, agent: 200, admin: 200 } },
  // Tags (docs/product/tags-and-views.md): staff tag tickets they see; admins rename and delete; never a client.
  { route: 'GET /api/tags', request: () => ({ method: 'GET', url: '/api/tags?q=ma' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:acme/tags', request: (f) => ({ method: 'POST', url: `/api/ticket/${f.ids.acmeTicket}/tags`, payload: { name: 'matrix' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:missing/tags', request: () => ({ method: 'POST', url: `/api/ticket/${MISSING}/tags`, payload: { name: 'matrix' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 404, admin: 404 } },
  { route: 'DELETE /api/ticket/:acme/tags/:name', request: (f) => ({ method: 'DELETE', url: `/api/ticket/${f.ids.acmeTicket}/tags/matrix` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/tags/:id', request: async (f) => ({ method: 'PUT', url: `/api/tags/${await matrixTag(f)}`, payload: { name: `renamed ${f.unique()}` } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/tags/:id', request: async (f) => ({ method: 'DELETE', url: `/api/tags/${await matrixTag(f)}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  // Saved views (docs/product/tags-and-views.md#saved-views): each staff member's own.
  { route: 'GET /api/saved-views', request: () => ({ method: 'GET', url: '/api/saved-views' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/saved-views', request: (f) => ({ method: 'POST', url: '/api/saved-views', payload: { name: f.unique(), filter: VIEW_FILTER } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'PUT /api/saved-views/:id (the agent\'s own)', request: async (f) => ({ method: 'PUT', url: `/api/saved-views/${await matrixView(f, f.ids.agent)}`, payload: { name: f.unique() } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 404 } },
  { route: 'DELETE /api/saved-views/:id (the agent\'s own)', request: async (f) => ({ method: 'DELETE', url: `/api/saved-views/${await matrixView(f, f.ids.agent)}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 404 } },
  // Timers (docs/product/time-and-billing.md#timers): each staff member's own; clients have none.
  { route: 'GET /api/timer', request: () => ({ method: 'GET', url: '/api/timer' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/timer', request: async (f, actor) => ({ method: 'POST', url: '/api/timer', payload: { ticket_id: await matrixTimer(f, actor, false) } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/timer/pause', request: async (f, actor) => (await matrixTimer(f, actor), { method: 'POST', url: '/api/timer/pause' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/timer/resume', request: async (f, actor) => (await matrixTimer(f, actor), { method: 'POST', url: '/api/timer/resume' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/timer/stop', request: async (f, actor) => (await matrixTimer(f, actor), { method: 'POST', url: '/api/timer/stop', payload: { description: 'Matrix work' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'DELETE /api/timer', request: async (f, actor) => (await matrixTimer(f, actor), { method: 'DELETE', url: '/api/timer' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  // Hour banks (docs/product/hour-banks.md#who-does-what): staff and the primary contacts read; admins set; staff ask; primary contacts decide.
  { route: 'GET /api/company/:acme/hour-bank', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/hour-bank` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/company/:id/hour-bank', request: async (f) => ({
    method: 'PUT', url: `/api/company/${await f.freshCompany()}/hour-bank`, payload: { enabled: true, included_hours: 10, rollover_cap_hours: 0 },
  }), expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/ticket/:id/overage-approval', request: async (f) => ({ method: 'GET', url: `/api/ticket/${await bankTicket(f)}/overage-approval` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:id/overage-approval', request: async (f) => ({ method: 'POST', url: `/api/ticket/${await bankTicket(f)}/overage-approval`, payload: { hours: 1 } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'POST /api/ticket/:id/overage-approval/approve', request: async (f) => ({ method: 'POST', url: `/api/ticket/${await bankTicket(f, true)}/overage-approval/approve` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  { route: 'POST /api/ticket/:id/overage-approval/decline', request: async (f) => ({ method: 'POST', url: `/api/ticket/${await bankTicket(f, true)}/overage-approval/decline` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  // Scheduled maintenance (docs/product/maintenance.md): admins only. Acme is a maintenance client; Run now is idempotent.
  { route: 'GET /api/maintenance/schedules', request: () => ({ method: 'GET', url: '/api/maintenance/schedules' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/maintenance/schedules/:id', request: (f) => ({ method: 'PUT', url: `/api/maintenance/schedules/${f.ids.acme}`, payload: { paused: false } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/maintenance/schedules/:id/run', request: (f) => ({ method: 'POST', url: `/api/maintenance/schedules/${f.ids.acme}/run` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/maintenance/tasks', request: () => ({ method: 'GET', url: '/api/maintenance/tasks' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/maintenance/tasks', request: () => ({ method: 'PUT', url: '/api/maintenance/tasks', payload: { security: ['Run a malware scan'] } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company', request: () => ({ method: 'GET', url: '/api/company' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}` }),
    expect: { anonymous: 401, clientA: 200, dana: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:missing', request: () => ({ method: 'GET', url: `/api/company/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/company/:acme/tickets', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/tickets` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme/tickets/history', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/tickets/history` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:acmeTicket', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:missing', request: () => ({ method: 'GET', url: `/api/ticket/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'POST /api/ticket', request: (f) => ({ method: 'POST', url: '/api/ticket', payload: { type_id: 1, title: 'Matrix', description: 'Row', priority_id: 3, company_id: f.ids.acme, estimate_required: 0 } }),
    expect: { anonymous: 401, clientA: 201, clientB: 403, agent: 201, admin: 201 } },
  { route: 'PUT /api/ticket/:id (on hold)', request: async (f) => ({ method: 'PUT', url: `/api/ticket/${await f.freshAcmeTicket()}`, payload: { on_hold: 1 } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/ticket/:id (Mark Complete at status 4)', request: async (f) => ({ method: 'PUT', url: `/api/ticket/${await f.freshAcmeTicket(STATUS.testing)}`, payload: { status_id: STATUS.complete } }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/ticket/:missing', request: () => ({ method: 'PUT', url: `/api/ticket/${MISSING}`, payload: { on_hold: 1 } }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/ticket/:acmeTicket/activity', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/activity` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/0/activity', request: () => ({ method: 'GET', url: '/api/ticket/0/activity' }),
    expect: { anonymous: 401, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/activity', request: (f) => ({ method: 'POST', url: '/api/activity', payload: { ticket_id: f.ids.acmeTicket, note: 'Matrix note' } }),
    expect: { anonymous: 401, clientA: 201, clientB: 403, agent: 201, admin: 201 } },
  { route: 'DELETE /api/activity/:id', request: async (f) => ({ method: 'DELETE', url: `/api/activity/${await f.freshActivity()}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/ticket/:acmeTicket/time', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/time` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/time', request: (f) => ({ method: 'POST', url: '/api/time', payload: { ticket_id: f.ids.acmeTicket, time: 2, description: 'Matrix work' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  // Correcting time (docs/product/time-and-billing.md#correcting-time): the agent's own entry of this month, or of last month (invoiced in beforeAll).
  { route: 'PUT /api/time/:id', request: async (f) => ({ method: 'PUT', url: `/api/time/${await agentTime(f, 'now')}`, payload: { time: 4 } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'DELETE /api/time/:id', request: async (f) => ({ method: 'DELETE', url: `/api/time/${await agentTime(f, 'now')}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/time/:id/corrections', request: async (f) => ({
    method: 'POST', url: `/api/time/${await agentTime(f, 'last month')}/corrections`, payload: { time: -1, description: 'Matrix correction' },
  }), expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'GET /api/ticket/:acmeTicket/tasks', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/tasks` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:acmeTicket/tasks', request: (f) => ({ method: 'POST', url: `/api/ticket/${f.ids.acmeTicket}/tasks`, payload: { instruction: 'Matrix task' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'PUT /api/ticket/:acmeTicket/tasks/:task_id', request: async (f) => ({ method: 'PUT', url: `/api/ticket/${f.ids.acmeTicket}/tasks/${await f.freshTask()}`, payload: { date_completed: new Date().toISOString() } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'DELETE /api/ticket/:acmeTicket/tasks/:task_id', request: async (f) => ({ method: 'DELETE', url: `/api/ticket/${f.ids.acmeTicket}/tasks/${await f.freshTask()}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:acmeTicket/attachments', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/attachments` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/ticket/:acmeTicket/attachments', request: (f) => ({ method: 'POST', url: `/api/ticket/${f.ids.acmeTicket}/attachments`, ...upload() }),
    expect: { anonymous: 401, clientA: 201, clientB: 403, agent: 201, admin: 201 } },
  { route: 'DELETE /api/ticket/:acmeTicket/attachments/:id (the agent\'s)', request: async (f) => ({ method: 'DELETE', url: `/api/ticket/${f.ids.acmeTicket}/attachments/${await f.freshAttachment()}` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/attachments/:id/download', request: async (f) => ({ method: 'GET', url: `/api/attachments/${await f.freshAttachment()}/download` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/contact/:clientA/sendactivity', request: (f) => ({ method: 'POST', url: `/api/contact/${f.ids.clientA}/sendactivity`, payload: { activity: 'Matrix' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/contact/:clientA/sendmail', request: (f) => ({ method: 'POST', url: `/api/contact/${f.ids.clientA}/sendmail`, payload: { subject: 'Matrix', message: 'Hello' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme/contacts', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/contacts` }),
    expect: { anonymous: 401, clientA: 200, dana: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/contact?group=staff', request: () => ({ method: 'GET', url: '/api/contact?group=staff' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme/meta', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/meta` }),
    expect: { anonymous: 401, clientA: 200, dana: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme/meta/default_agent', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/meta/default_agent` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme/meta/type_assignments', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/meta/type_assignments` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/options/type_assignments', request: () => ({ method: 'GET', url: '/api/options/type_assignments' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/search/ticket', request: () => ({ method: 'POST', url: '/api/search/ticket', payload: { filter: { conditions: [{ field: 'status_id', op: '=', value: 1 }] } } }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/search/unknown', request: () => ({ method: 'POST', url: '/api/search/unknown', payload: { filter: { conditions: [] } } }),
    expect: { anonymous: 401, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  // Everyone signed in may search; what each finds is scoped (api/src/routes/full-text-search-routes.test.ts).
  { route: 'GET /api/search', request: () => ({ method: 'GET', url: '/api/search?q=website' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/ai/status', request: () => ({ method: 'GET', url: '/api/ai/status' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/ai/tasks (not configured)', request: () => ({ method: 'POST', url: '/api/ai/tasks', payload: { title: 'Matrix', description: '' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 503, admin: 503 } },
  // Billing: the admin invoices screen's month, issuing, the issued invoices of a company (its
  // primary contacts read them), the AI invoice summary and the accounting service (not configured).
  ...['/api/company/-1/prevmonthtime/0', '/api/time/payroll/0', '/api/company/-1/invoiceitems/0'].map((url): Row => (
    { route: `GET ${url}`, request: () => ({ method: 'GET', url }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } })),
  { route: 'GET /api/company/:acme/invoiceitems/0', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/invoiceitems/0` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/company/:id/invoices (a fresh company with time)',
    request: async (f) => ({ method: 'POST', url: `/api/company/${await f.freshBilledCompany()}/invoices`, payload: { offset: 0, summary: 'Matrix' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'GET /api/invoices/deleted-companies', request: () => ({ method: 'GET', url: '/api/invoices/deleted-companies' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company/:acme/invoices', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/invoices` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company/:acme/invoices/:invoiceId', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/invoices/${f.ids.acmeInvoice}` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/company/:acme/invoices/:invoiceId (paid)',
    request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/invoices/${f.ids.acmeInvoice}`, payload: { status: 'paid' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Monthly statements (docs/product/statements.md#who-sees-it): like invoices, the primary contacts read a sent one (a
  // draft is 404 to them), admins every one; the month's list, holding and releasing: admins.
  { route: 'GET /api/company/:acme/statements', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/statements` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company/:acme/statements/:month (a draft)', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/statements/${thisMonth()}` }),
    expect: { anonymous: 401, clientA: 404, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/statements', request: () => ({ method: 'GET', url: `/api/statements?month=${thisMonth()}` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/company/:id/statements/:month/hold (a fresh company)',
    request: async (f) => ({ method: 'POST', url: `/api/company/${await f.freshCompany()}/statements/${thisMonth()}/hold` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/company/:id/statements/:month/hold (a fresh company, held)',
    request: async (f) => ({ method: 'DELETE', url: `/api/company/${await heldStatementCompany(f)}/statements/${thisMonth()}/hold` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Webhooks (docs/product/integrations.md#webhooks): the admins' only, whatever the UI shows.
  { route: 'GET /api/webhooks', request: () => ({ method: 'GET', url: '/api/webhooks' }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/webhooks', request: (f) => ({ method: 'POST', url: '/api/webhooks', payload: { url: `https://${f.unique()}.example/hook`, events: ['ticket.created'] } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'PUT /api/webhooks/:id', request: async (f) => ({ method: 'PUT', url: `/api/webhooks/${await freshWebhook(f)}`, payload: { url: 'https://changed.example/hook', events: ['time.logged'] } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/webhooks/:id', request: async (f) => ({ method: 'DELETE', url: `/api/webhooks/${await freshWebhook(f)}` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/webhooks/:missing', request: () => ({ method: 'DELETE', url: `/api/webhooks/${MISSING}` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'POST /api/webhooks/:id/secret', request: async (f) => ({ method: 'POST', url: `/api/webhooks/${await freshWebhook(f)}/secret` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/webhooks/:id/enable', request: async (f) => ({ method: 'POST', url: `/api/webhooks/${await freshWebhook(f)}/enable` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/webhooks/:id/test', request: async (f) => ({ method: 'POST', url: `/api/webhooks/${await freshWebhook(f)}/test` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 202 } },
  { route: 'GET /api/webhooks/:id/deliveries', request: async (f) => ({ method: 'GET', url: `/api/webhooks/${await freshWebhook(f)}/deliveries` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/webhooks/:id/deliveries/:missing/redeliver',
    request: async (f) => ({ method: 'POST', url: `/api/webhooks/${await freshWebhook(f)}/deliveries/${MISSING}/redeliver` }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'GET /api/webhook-settings', request: () => ({ method: 'GET', url: '/api/webhook-settings' }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/webhook-settings', request: () => ({ method: 'PUT', url: '/api/webhook-settings', payload: { allowed_hosts: 'hooks.internal.test' } }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Canary releases (docs/deploying-a-remote.md#canary-releases): every browser reports, signed in or not; the admins read.
  { route: 'POST /api/releases/reports (public)', request: () => ({ method: 'POST', url: '/api/releases/reports', payload: { reports: [{ remote: 'tickets', version: 'v1', kind: 'load', count: 1 }] } }),
    expect: { anonymous: 202, clientA: 202, dana: 202, clientB: 202, agent: 202, admin: 202 } },
  { route: 'GET /api/admin/releases', request: () => ({ method: 'GET', url: '/api/admin/releases' }), expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // CSV exports (docs/product/integrations.md#exports): the ticket list and time for staff (an agent's own time), the
  // invoices for admins. A ticket from anywhere takes an API token only: every cookie session is refused.
  { route: 'GET /api/exports/tickets.csv', request: () => ({ method: 'GET', url: '/api/exports/tickets.csv' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/exports/time.csv', request: () => ({ method: 'GET', url: '/api/exports/time.csv?from=2026-01-01&to=2026-01-31' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/exports/invoices.csv', request: () => ({ method: 'GET', url: '/api/exports/invoices.csv' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/inbound/tickets (a cookie session)',
    request: (f) => ({ method: 'POST', url: '/api/inbound/tickets', payload: { company_id: f.ids.acme, title: 'Matrix', description: 'x', key: 'matrix' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 403 } },
  { route: 'POST /api/ai/invoice-summary (not configured)', request: (f) => ({ method: 'POST', url: '/api/ai/invoice-summary', payload: { company_id: f.ids.acme, offset: 0 } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 503 } },
  { route: 'GET /api/accounting/status', request: () => ({ method: 'GET', url: '/api/accounting/status' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/accounting/customers (not configured)', request: () => ({ method: 'GET', url: '/api/accounting/customers' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 503 } },
  { route: 'GET /api/accounting/customers/:id/invoices (not configured)', request: () => ({ method: 'GET', url: '/api/accounting/customers/C1/invoices' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 503 } },
  // Time totals, lists, bulk changes, company mode and note, list preferences, stats.
  ...(['currenttime', 'ytdtime'] as const).flatMap((period): Row[] => [
    { route: `GET /api/company/:acme/${period}`, request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/${period}` }),
      expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
    { route: `GET /api/company/:missing/${period}`, request: () => ({ method: 'GET', url: `/api/company/${MISSING}/${period}` }),
      expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
    { route: `GET /api/contact/:agent/${period}`, request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/${period}` }),
      expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
    { route: `GET /api/time/0/${period}`, request: () => ({ method: 'GET', url: `/api/time/0/${period}` }),
      expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  ]),
  { route: 'GET /api/contact/:agent/tickets', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/tickets` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/contact/:agent/time', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/time` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/contact/:agent/time/monthly', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/time/monthly` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/staff/tickets', request: () => ({ method: 'GET', url: '/api/staff/tickets' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/staff/tickets?view=kanban', request: () => ({ method: 'GET', url: '/api/staff/tickets?view=kanban' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/staff/tickets/list', request: () => ({ method: 'GET', url: '/api/staff/tickets/list?statuses=1,2' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/ticket/bulk (assign)', request: async (f) => ({ method: 'PUT', url: '/api/ticket/bulk', payload: { ticket_ids: [await f.freshAcmeTicket()], assignee_id: f.ids.agent } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/company/:id (mode 3)', request: async (f) => ({ method: 'PUT', url: `/api/company/${await f.freshCompany()}`, payload: { mode: 3 } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/company/:acme (note)', request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}`, payload: { note: 'Matrix note' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/company/:missing (note)', request: () => ({ method: 'PUT', url: `/api/company/${MISSING}`, payload: { note: 'x' } }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/contact/:own/meta/list_prefs',
    request: (f, actor) => ({ method: 'GET', url: `/api/contact/${actor === 'anonymous' ? f.ids.agent : f.ids[actor]}/meta/list_prefs` }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/contact/:agent/meta/list_prefs', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.agent}/meta/list_prefs` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 403 } },
  { route: 'PUT /api/contact/:agent/meta/list_prefs',
    request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.agent}/meta/list_prefs`, payload: { sortBy: 'company', direction: 'ASC', statusFilters: [2, 3], maintenanceOnly: false } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 403 } },
  { route: 'GET /api/stats/tickets', request: () => ({ method: 'GET', url: '/api/stats/tickets' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  // The audit trail: a ticket's history for staff, the whole trail for admins.
  { route: 'GET /api/ticket/:acmeTicket/audit', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}/audit` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/audit', request: () => ({ method: 'GET', url: '/api/audit?entity=ticket&limit=5' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  // Mail in (docs/product/notifications-and-mail.md#matching): the status, the held list and what admins do with it.
  { route: 'GET /api/mail-in', request: () => ({ method: 'GET', url: '/api/mail-in' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/mail-in/held', request: () => ({ method: 'GET', url: '/api/mail-in/held' }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/mail-in/:id/attach',
    request: async (f) => ({ method: 'POST', url: `/api/mail-in/${await f.freshHeldMail()}/attach`, payload: { ticket_id: f.ids.acmeTicket } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/mail-in/:id/drop', request: async (f) => ({ method: 'POST', url: `/api/mail-in/${await f.freshHeldMail()}/drop` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/mail-in/:id/raw', request: async (f) => ({ method: 'GET', url: `/api/mail-in/${await f.freshHeldMail()}/raw` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/mail-in/:missing/raw', request: () => ({ method: 'GET', url: `/api/mail-in/${MISSING}/raw` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'POST /api/jobs/digests/run (not in production)', request: () => ({ method: 'POST', url: '/api/jobs/digests/run', payload: {} }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/jobs/statements/run (not in production)', request: () => ({ method: 'POST', url: '/api/jobs/statements/run', payload: {} }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  // Company profile settings: info, settings, meta, contacts, delete; contacts and reset codes.
  { route: 'GET /api/company/search (public)', request: () => ({ method: 'GET', url: '/api/company/search?field=url&value=acme.example' }),
    expect: { anonymous: 200, clientA: 200, dana: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/company', request: (f) => ({ method: 'POST', url: '/api/company', payload: { name: 'Matrix New Co', url: `https://${f.unique()}.example` } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'PUT /api/company/:acme (name, url, description)',
    request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}`, payload: { name: 'Acme, LLC', url: 'https://acme.example', description: 'Anvils.' } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/company/:acme (services)', request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}`, payload: { services: [1, 3] } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/company/:acme (default_agent)', request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}`, payload: { default_agent: f.ids.agent } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/company/:id', request: async (f) => ({ method: 'DELETE', url: `/api/company/${await f.freshCompany()}` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/company/:missing', request: () => ({ method: 'DELETE', url: `/api/company/${MISSING}` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'PUT /api/company/:acme/meta/maintenance_prefs',
    request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/meta/maintenance_prefs`, payload: { meta_value: '{"frequency":"monthly","intensity":["updates"]}' } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  ...(['type_assignments', 'services', 'default_agent'] as const).map((key): Row => ({
    route: `PUT /api/company/:acme/meta/${key}`,
    request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/meta/${key}`, payload: { meta_value: key === 'type_assignments' ? '{}' : key === 'services' ? '1,3' : String(f.ids.agent) } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 },
  })),
  { route: 'PUT /api/company/:missing/meta/services', request: () => ({ method: 'PUT', url: `/api/company/${MISSING}/meta/services`, payload: { meta_value: '1' } }),
    expect: { anonymous: 401, clientA: 404, dana: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'POST /api/company/:acme/contacts (a new person)', request: (f) => ({ method: 'POST', url: `/api/company/${f.ids.acme}/contacts`, payload: person(f) }),
    expect: { anonymous: 401, clientA: 201, dana: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'POST /api/company/:id/contacts (link by contact_id)',
    request: async (f) => ({ method: 'POST', url: `/api/company/${await f.freshCompany()}/contacts`, payload: { contact_id: f.ids.dana, title: 'Linked' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'POST /api/company/:acme/contacts (link by contact_id)',
    request: async (f) => ({ method: 'POST', url: `/api/company/${f.ids.acme}/contacts`, payload: { contact_id: await f.freshAcmeContact(), title: 'Again' } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 409 } },
  { route: 'PUT /api/company/:acme/contacts/:contactId',
    request: async (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/contacts/${await f.freshAcmeContact()}`, payload: { title: 'Renamed', phone: '555-700-0002' } }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'PUT /api/company/:acme/contacts/:missing', request: (f) => ({ method: 'PUT', url: `/api/company/${f.ids.acme}/contacts/${MISSING}`, payload: { title: 'x' } }),
    expect: { anonymous: 401, clientA: 404, dana: 403, clientB: 403, agent: 404, admin: 404 } },
  { route: 'DELETE /api/company/:acme/contacts/:contactId',
    request: async (f) => ({ method: 'DELETE', url: `/api/company/${f.ids.acme}/contacts/${await f.freshAcmeContact()}` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 200, admin: 200 } },
  { route: 'POST /api/contact', request: (f) => ({ method: 'POST', url: '/api/contact', payload: { first_name: 'New', last_name: 'Contact', email: `${f.unique()}@matrix.test` } }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 201 } },
  { route: 'POST /api/contact/:dana/sendresetcode', request: (f) => ({ method: 'POST', url: `/api/contact/${f.ids.dana}/sendresetcode` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact/:dana/sendresetcode', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.dana}/sendresetcode` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/contact/:missing/sendresetcode', request: () => ({ method: 'POST', url: `/api/contact/${MISSING}/sendresetcode` }),
    expect: { anonymous: 401, clientA: 403, dana: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'POST /api/auth/logout', request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  // The public account flows (docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits): open
  // without a session, each limited per address, so every cell registers from an address of its own.
  { route: 'POST /api/auth/register (public)',
    request: (f) => {
      const word = f.unique();
      return {
        method: 'POST', url: '/api/auth/register', remoteAddress: `10.9.0.${uniqueCounter}`,
        payload: { company: { name: 'Matrix Registered', url: `https://${word}.example` }, contacts: [person(f)], prefs: { frequency: 'monthly', intensity: ['maintenance'] } },
      };
    },
    expect: { anonymous: 201, clientA: 201, clientB: 201, agent: 201, admin: 201 } },
  { route: 'POST /api/auth/forgot (public; unknown e-mail)', request: (f) => ({ method: 'POST', url: '/api/auth/forgot', payload: { email: `${f.unique()}@matrix.test` } }),
    expect: { anonymous: 404, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/auth/reset/:code (public; unknown code)', request: () => ({ method: 'GET', url: '/api/auth/reset/no-such-code' }),
    expect: { anonymous: 400, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/auth/reset (public; unknown code)',
    request: () => ({ method: 'POST', url: '/api/auth/reset', payload: { code: 'no-such-code', password: 'matrix-pass', confirm: 'matrix-pass' } }),
    expect: { anonymous: 400, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/auth/verify/:code (public; unknown code)', request: () => ({ method: 'POST', url: '/api/auth/verify/no-such-code' }),
    expect: { anonymous: 400, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/auth/email-change/undo/:code (public; unknown code)', request: () => ({ method: 'POST', url: '/api/auth/email-change/undo/no-such-code' }),
    expect: { anonymous: 400, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/auth/email-change/confirm/:code (public; unknown code)', request: () => ({ method: 'POST', url: '/api/auth/email-change/confirm/no-such-code' }),
    expect: { anonymous: 400, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  // Account security (docs/product/accounts-and-roles.md#account-security): the sign-in's second step and
  // passkey sign-in are public; the Security page is everyone's own; the policy and actions on a user are
  // the admins'. Last, because ending the other sessions signs the fixtures' own sessions out.
  { route: 'POST /api/auth/login/second-factor (public; no sign-in pending)',
    request: () => ({ method: 'POST', url: '/api/auth/login/second-factor', payload: { method: 'totp', code: '123456' } }),
    expect: { anonymous: 401, clientA: 401, clientB: 401, agent: 401, admin: 401 } },
  { route: 'POST /api/auth/passkey/options (public)', request: () => ({ method: 'POST', url: '/api/auth/passkey/options' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/auth/passkey/verify (public; no ceremony)', request: () => ({ method: 'POST', url: '/api/auth/passkey/verify', payload: { response: {} } }),
    expect: { anonymous: 401, clientA: 401, clientB: 401, agent: 401, admin: 401 } },
  { route: 'GET /api/account/security', request: () => ({ method: 'GET', url: '/api/account/security' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/account/security/totp', request: () => ({ method: 'POST', url: '/api/account/security/totp' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  // After the row above each caller has an app pending: a wrong first code is 400.
  { route: 'POST /api/account/security/totp/confirm (wrong code)', request: () => ({ method: 'POST', url: '/api/account/security/totp/confirm', payload: { code: '000000' } }),
    expect: { anonymous: 401, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'DELETE /api/account/security/totp (none on)', request: () => ({ method: 'DELETE', url: '/api/account/security/totp', payload: { password: 'portal-demo' } }),
    expect: { anonymous: 401, clientA: 409, clientB: 409, agent: 409, admin: 409 } },
  { route: 'POST /api/account/security/passkeys/options', request: () => ({ method: 'POST', url: '/api/account/security/passkeys/options' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/account/security/passkeys (no ceremony of this session)',
    request: () => ({ method: 'POST', url: '/api/account/security/passkeys', payload: { name: 'Key', response: {} } }),
    expect: { anonymous: 401, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'DELETE /api/account/security/passkeys/:missing',
    request: () => ({ method: 'DELETE', url: `/api/account/security/passkeys/${MISSING}`, payload: { password: 'portal-demo' } }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'POST /api/account/security/confirm (wrong password)', request: () => ({ method: 'POST', url: '/api/account/security/confirm', payload: { password: 'wrong' } }),
    expect: { anonymous: 401, clientA: 400, clientB: 400, agent: 400, admin: 400 } },
  { route: 'POST /api/account/security/recovery-codes (no factor)', request: () => ({ method: 'POST', url: '/api/account/security/recovery-codes' }),
    expect: { anonymous: 401, clientA: 409, clientB: 409, agent: 409, admin: 409 } },
  { route: 'GET /api/account/sessions', request: () => ({ method: 'GET', url: '/api/account/sessions' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'DELETE /api/account/sessions/:missing', request: () => ({ method: 'DELETE', url: `/api/account/sessions/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/admin/security-policy', request: () => ({ method: 'GET', url: '/api/admin/security-policy' }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/admin/security-policy (off)',
    request: () => ({ method: 'PUT', url: '/api/admin/security-policy', payload: { require_staff_second_factor: false } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'POST /api/admin/contacts/:missing/second-factor/reset', request: () => ({ method: 'POST', url: `/api/admin/contacts/${MISSING}/second-factor/reset` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'POST /api/admin/contacts/:missing/sessions/end', request: () => ({ method: 'POST', url: `/api/admin/contacts/${MISSING}/sessions/end` }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 404 } },
  { route: 'POST /api/account/sessions/end-others', request: () => ({ method: 'POST', url: '/api/account/sessions/end-others' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  // API tokens (docs/product/integrations.md#api-tokens): one's own; an admin may list and revoke anyone's.
  { route: 'GET /api/account/api-tokens', request: () => ({ method: 'GET', url: '/api/account/api-tokens' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/account/api-tokens', request: () => ({ method: 'POST', url: '/api/account/api-tokens', payload: { name: 'Matrix', access: 'read', expires_at: null } }),
    expect: { anonymous: 401, clientA: 201, clientB: 201, agent: 201, admin: 201 } },
  { route: 'GET /api/admin/contacts/:clientA/api-tokens', request: (f) => ({ method: 'GET', url: `/api/admin/contacts/${f.ids.clientA}/api-tokens` }),
    expect: { anonymous: 401, clientA: 200, dana: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/account/api-tokens/:id (of client A)',
    request: async (f) => {
      const tokenId = await t.app.repos.apiTokens.insert(t.app.db, {
        contactId: f.ids.clientA, name: 'Matrix', tokenHash: f.unique(), access: 'read', companyId: null, expiresAt: null,
      }, new Date());
      return { method: 'DELETE', url: `/api/account/api-tokens/${tokenId}` };
    },
    expect: { anonymous: 401, clientA: 200, dana: 404, clientB: 404, agent: 404, admin: 200 } },
];

const EMAILS: Record<Exclude<Actor, 'anonymous'>, string> = {
  clientA: 'client@demo.test',
  dana: 'dana@acme.test',
  clientB: 'client2@demo.test',
  agent: 'agent@demo.test',
  admin: 'admin@demo.test',
};

let t: TestApp;
let fixtures: Fixtures;
let uniqueCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ ai: { baseUrl: '', apiKey: '' }, accounting: { url: '', token: '' } });
  const acme = await t.companyId('Acme, LLC');
  const acmeTicket = (await t.app.repos.tickets.listForCompany(acme))[0]!.ticket_id;
  const clientA = await t.contactId(EMAILS.clientA);
  const agentCookie = await t.login(EMAILS.agent);
  const agentId = await t.contactId(EMAILS.agent);
  // Last month's demo time on Acme, issued once: the invoice the read cells open.
  const issued = await t.app.inject({ method: 'POST', url: `/api/company/${acme}/invoices`, payload: { offset: 1 }, headers: { cookie: await t.login(EMAILS.admin) } });
  const acmeInvoice = issued.json().invoice_id as number;
  fixtures = {
    ids: {
      clientA,
      clientB: await t.contactId(EMAILS.clientB),
      agent: await t.contactId(EMAILS.agent),
      admin: await t.contactId(EMAILS.admin),
      dana: await t.contactId('dana@acme.test'),
      acme,
      acmeTicket,
      acmeInvoice,
    },
    freshNotificationOfClientA: async () =>
      (await t.app.repos.notifications.create({ contact_id: clientA, note: 'to delete' })).notification_id,
    freshAcmeTicket: async (statusId = STATUS.backlog) => {
      const now = new Date().toISOString();
      return t.app.repos.tickets.create({
        contact_id: clientA, company_id: acme, assignee_id: null, title: 'Matrix ticket', description: 'x', type_id: 2, priority_id: 3,
        status_id: statusId, date_created: now, date_updated: now, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
      });
    },
    freshActivity: async () =>
      (await t.app.repos.activity.create({ ticket_id: acmeTicket, contact_id: null, contact_name: null, note: 'to delete' })).activity_id,
    freshTask: async () => (await t.app.repos.tasks.create(t.app.db, acmeTicket, ['to change']))[0]!.task_id,
    freshCompany: () => t.app.repos.companies.create(t.app.db, { name: 'Matrix Co', mode: 1 }),
    freshAcmeContact: async () => {
      const word = fixtures.unique();
      const contactId = await t.app.repos.contacts.create(t.app.db, { first_name: 'Fresh', last_name: 'Contact', email: `${word}@matrix.test`, phone: '555-700-0003', group_id: 5 });
      await t.app.repos.companyContacts.link(t.app.db, { company_id: acme, contact_id: contactId, title: 'Fresh' });
      return contactId;
    },
    freshBilledCompany: async () => {
      const companyId = await t.app.repos.companies.create(t.app.db, { name: 'Matrix Billed', mode: 1 });
      const ticketId = await aTicket(t.app, { company_id: companyId, title: 'Matrix billed work' });
      await aTimeEntry(t.app, { ticket_id: ticketId, company_id: companyId, contact_id: agentId, time: 3, date: new Date().toISOString(), pay_rate: 40 });
      return companyId;
    },
    freshUnsubscribePath: async () => {
      const contact = (await t.app.repos.contacts.findById(await fixtures.freshAcmeContact()))!;
      return new URL(await unsubscribeLink({ repos: t.app.repos, config: t.app.config }, contact, 'hourly')).pathname;
    },
    unique: () => `matrix-${++uniqueCounter}`,
    freshHeldMail: async () => {
      const word = fixtures.unique();
      const raw = `From: Stranger <${word}@elsewhere.test>\r\nSubject: Matrix held\r\nMessage-ID: <${word}@elsewhere.test>\r\n\r\nHello\r\n`;
      const row = await t.app.db.insertInto('mail_in_messages').values({
        message_id: `<${word}@elsewhere.test>`, uid: null, from_address: `${word}@elsewhere.test`, from_name: 'Stranger', subject: 'Matrix held',
        date_received: new Date().toISOString(), status: 'held', reason: 'unknownSender', ticket_id: null, activity_id: null, contact_id: null,
        text: 'Hello', raw: Buffer.from(raw).toString('base64'), raw_size: raw.length, date_decided: null, decided_by: null,
      }).returning('mail_in_id').executeTakeFirstOrThrow();
      return row.mail_in_id;
    },
    freshAttachment: async () => {
      const body = upload();
      const res = await t.app.inject({
        method: 'POST', url: `/api/ticket/${acmeTicket}/attachments`, payload: body.payload, headers: { ...body.headers, cookie: agentCookie },
      });
      return res.json()[0].attachment_id;
    },
  };
});

afterAll(async () => {
  await t.close();
});

/** The registered route a row's name (`METHOD /api/path …`) stands for. */
function routeOfRow(routes: readonly RegisteredRoute[], row: Row): RegisteredRoute | undefined {
  const [method = '', url = ''] = row.route.split(' ');
  return routeFor(routes, method, url);
}

// Generated from the route list: a new route fails here until it has a row, and a row whose route
// is gone fails too.
test('every route of the API has a row', () => {
  const routes = apiRoutes(t.app);
  const covered = new Set(ROWS.map((row) => routeOfRow(routes, row)?.key));
  const missing = routes.filter((route) => !covered.has(route.key)).map((route) => route.key);
  if (missing.length > 0) throw new Error(`No authorization-matrix row for:\n  ${missing.join('\n  ')}\nAdd a row per route to ROWS.`);
});

test('every row names a route that exists', () => {
  const routes = apiRoutes(t.app);
  const stale = ROWS.filter((row) => !routeOfRow(routes, row)).map((row) => row.route);
  if (stale.length > 0) throw new Error(`Matrix rows for routes that no longer exist:\n  ${stale.join('\n  ')}`);
});

const cells = ROWS.flatMap((row) =>
  ACTORS.flatMap((actor) => {
    // Dana is Acme's other, non-primary contact: where a row does not say otherwise she is answered as client A.
    const expected = actor === 'dana' ? row.expect.dana ?? row.expect.clientA : row.expect[actor];
    if (expected === undefined) return [];
    // Every actor is called the ways matrixCallers gives: a session here (anonymous: none).
    return matrixCallers.filter((caller) => caller.covers(actor)).map((caller) => [row.route, caller.name ? `${actor} ${caller.name}` : actor, expected, row, actor, caller] as const);
  }));

// The number is the session's answer; a caller of another kind derives its own from it (caller.expected).
test.each(cells)('%s as %s -> %i', async (_route, _who, sessionExpected, row, actor, caller) => {
  const request = await row.request(fixtures, actor);
  // The row's request reaches the route its name says.
  const routes = apiRoutes(t.app);
  const route = routeFor(routes, String(request.method), String(request.url));
  expect(route?.key).toBe(routeOfRow(routes, row)?.key);
  // Fresh credentials per cell (a session, a token): logout cells must not sign the next cells out.
  const credentials = actor === 'anonymous' ? {} : await caller.credentials(t, EMAILS[actor], actor);
  const headers = { ...(request.headers ?? {}), ...credentials };
  const expected = await caller.expected(t, { actor, method: route!.method, routeUrl: route!.url, request, sessionExpected });
  if (expected === undefined) return;
  if (row.streamed) {
    const res = await t.app.inject({ ...request, headers, payloadAsStream: true });
    expect(res.statusCode).toBe(expected);
    if (expected === 200) expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    // An open stream ends when the app closes (afterAll); an error answer is read to its end.
    if (expected >= 400) {
      const chunks: Buffer[] = [];
      for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
      expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual({ statusCode: expected, error: expect.any(String) });
    }
    return;
  }
  const res = await t.app.inject({ ...request, headers });
  expect(res.statusCode).toBe(expected);
  if (expected >= 400) {
    const body = res.json();
    expect(body).toEqual({ statusCode: expected, error: expect.any(String) });
    expect(body.error.length).toBeGreaterThan(3);
  }
});
