import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createPortalApi } from '../create-portal-api';
import type { PortalApiOptions } from '../config';
import { isPostgresUrl } from '../db/connect';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import type { MailTransport, OutgoingMail } from '../plugins/mail';

export type DemoCookies = Record<'admin' | 'agent' | 'client' | 'client2', string>;
export type DemoIds = Record<'admin' | 'agent' | 'client' | 'sam' | 'dana' | 'acme', number>;

export interface TestApp {
  app: FastifyInstance;
  /** Signs in and answers the `portal_session=…` cookie header value. */
  login(email: string, password?: string): Promise<string>;
  /** Session cookies of the demo admin, agent, client (Acme) and client2 (Globex): the usual cast. */
  loginDemoUsers(): Promise<DemoCookies>;
  /** Ids of the demo admin, agent, client (Acme), Sam (group 3), Dana (Acme) and of Acme, LLC. */
  demoIds(): Promise<DemoIds>;
  contactId(email: string): Promise<number>;
  companyId(name: string): Promise<number>;
  /** A second app on this database (a restarted server, or another process); the caller closes it. */
  openAnother(options?: PortalApiOptions): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A fresh database per call: a temp SQLite file, or, when DATABASE_URL is a PostgreSQL URL, a
 * schema of its own (selected through search_path) that is dropped on close, so runs never collide.
 */
/** A schema of its own in the PostgreSQL database at `baseUrl`: a URL that selects it, and its drop. */
export async function freshPostgresSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `test_${process.pid}_${Date.now().toString(36)}_${++counter}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

export async function createTestApp(options: PortalApiOptions = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-test-'));
  let databaseUrl: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;

  if (isPostgresUrl(baseUrl)) ({ url: databaseUrl, drop: dropSchema } = await freshPostgresSchema(baseUrl));

  const cleanUp = async () => {
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const open = (extra: PortalApiOptions) => createPortalApi({
    seedDemo: true,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    publicRateLimit: { max: 1000, timeWindowMs: 60_000 },
    // Mail stays in the outbox unless a test passes a transport; the runner runs when a test says so.
    mailTransport: null,
    runJobs: false,
    // Cheap password hashes: OWASP's cost would make every sign-in of every test slow (password.test.ts and the upgrade test use it).
    passwordHashCost: 'test',
    ...extra,
    // Never fall back to DATABASE_URL's own schema: a test database is always a fresh one.
    databaseUrl: databaseUrl ?? 'sqlite',
    dataDir,
  });
  let app: FastifyInstance;
  try {
    app = await open(options);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return sessionCookie(res);
  };

  return {
    app,
    login,
    async loginDemoUsers() {
      return {
        admin: await login('admin@demo.test'),
        agent: await login('agent@demo.test'),
        client: await login('client@demo.test'),
        client2: await login('client2@demo.test'),
      };
    },
    async demoIds() {
      const contactId = async (email: string) => (await app.repos.contacts.findActiveByEmail(email))?.contact_id ?? -1;
      const acme = await app.db.selectFrom('companies').select('company_id').where('name', '=', 'Acme, LLC').executeTakeFirstOrThrow();
      return {
        admin: await contactId('admin@demo.test'),
        agent: await contactId('agent@demo.test'),
        client: await contactId('client@demo.test'),
        sam: await contactId('sam.support@demo.test'),
        dana: await contactId('dana@acme.test'),
        acme: acme.company_id,
      };
    },
    async contactId(email) {
      const row = await app.repos.contacts.findActiveByEmail(email);
      if (!row) throw new Error(`no contact ${email}`);
      return row.contact_id;
    },
    async companyId(name) {
      const row = await app.db.selectFrom('companies').select('company_id').where('name', '=', name).executeTakeFirst();
      if (!row) throw new Error(`no company ${name}`);
      return row.company_id;
    },
    openAnother: (extra = {}) => open({ ...options, ...extra }),
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no portal_session cookie');
  return `portal_session=${cookie.value}`;
}

/**
 * A transport for tests, for the job runner to send with: keeps what was sent in `sent`, and fails
 * like a down SMTP server while `failing`. Run `app.jobs.drain()` to send what is queued.
 */
export function recordingTransport() {
  const recorder = {
    sent: [] as OutgoingMail[],
    failing: false,
    reset() {
      recorder.sent.length = 0;
      recorder.failing = false;
    },
    transport: {
      sendMail: async (mail: OutgoingMail) => {
        if (recorder.failing) throw new Error('SMTP down');
        recorder.sent.push(mail);
      },
    } satisfies MailTransport,
  };
  return recorder;
}

/** `call(method, url, cookie?, payload?)`: one request through app.inject, signed in when a cookie is given. */
export function caller(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

export interface DemoCast {
  t: TestApp;
  call: ReturnType<typeof caller>;
  cookies: DemoCookies;
  ids: DemoIds;
}

/** A fresh app with the demo cast signed in, their ids, and a caller: what most route test files start from. */
export async function openDemoCast(options: PortalApiOptions = {}): Promise<DemoCast> {
  const t = await createTestApp(options);
  return { t, call: caller(t), cookies: await t.loginDemoUsers(), ids: await t.demoIds() };
}
