import { TYPE } from '@portal/domain';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-data';
import {
  attachmentContent, call, freshDatabase, killAllApis, killApi, startApi, stopApi, writeLoad, type ApiProcess, type FreshDatabase, type LoadResult, type WriteKind,
} from './test-support/durability-harness';

// What the portal promises (docs/architecture.md#a-request and #jobs-and-mail): a write answered 2xx is
// committed, and stays committed whatever happens to the API process. The real API (cli/serve.ts) runs as a
// child process on this run's database (SQLite in a temp DATA_DIR, or a fresh schema when DATABASE_URL is
// PostgreSQL), takes eight writes at a time (notes, time entries, tasks, tickets with their admins' mail,
// attachments with their files) and is killed with SIGKILL mid-load; restarted on the same database, it has
// every acknowledged write with its content. Twice, at different moments. Writes in flight at the kill may or
// may not have committed: they are counted, not asserted, except that a ticket never exists without its mail.
//
// SQLite also runs with synchronous = FULL (db/connect.ts) and an upload's file is synced before its
// row commits, so an acknowledged write survives an OS crash or a power cut too, as on PostgreSQL; a
// test cannot cut the power, so that part is the pragma (checked below) and the fsync.

const IN_FLIGHT = 8;
const KILL_AFTER_MS = [1_200, 1_900];

let database: FreshDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  killAllApis();
  await handle?.db.destroy();
  await database?.drop();
});

async function signIn(api: ApiProcess): Promise<string> {
  const res = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGINS.admin, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = /portal_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function json<T>(res: Response): Promise<T> {
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

async function newTicket(api: ApiProcess, cookie: string, companyId: number, title: string): Promise<number> {
  const res = await call(api.baseUrl, cookie, 'POST', '/api/ticket', {
    type_id: TYPE.question, title, description: 'Takes the load', priority_id: 3, company_id: companyId, estimate_required: 0,
  });
  return (await json<{ ticket_id: number }>(res)).ticket_id;
}

/** What the restarted API answers for the load's ticket and the tickets the load created: id -> text, per kind. */
async function readBack(api: ApiProcess, cookie: string, ticketId: number, load: LoadResult): Promise<Record<WriteKind, Map<number, string>>> {
  const get = async <T>(url: string) => json<T>(await call(api.baseUrl, cookie, 'GET', url));
  const notes = await get<Array<{ activity_id: number; note: string }>>(`/api/ticket/${ticketId}/activity`);
  const time = await get<{ entries: Array<{ time_id: number; description: string }> }>(`/api/ticket/${ticketId}/time`);
  const tasks = await get<Array<{ task_id: number; instruction: string }>>(`/api/ticket/${ticketId}/tasks`);
  const files = await get<Array<{ attachment_id: number; name: string }>>(`/api/ticket/${ticketId}/attachments`);
  // An attachment counts as there when its row is listed and its download has the bytes sent.
  const attachments = new Map<number, string>();
  for (const file of files) {
    const text = file.name.replace(/\.csv$/, '');
    const res = await call(api.baseUrl, cookie, 'GET', `/api/attachments/${file.attachment_id}/download`);
    attachments.set(file.attachment_id, res.status === 200 && (await res.text()) === attachmentContent(text) ? text : `${text} (download ${res.status})`);
  }
  const tickets = new Map<number, string>();
  for (const write of load.acknowledged.filter((w) => w.kind === 'ticket')) {
    const res = await call(api.baseUrl, cookie, 'GET', `/api/ticket/${write.id}`);
    if (res.status === 200) tickets.set(write.id!, ((await res.json()) as { title: string }).title);
  }
  return {
    note: new Map(notes.map((n) => [n.activity_id, n.note])),
    time: new Map(time.entries.map((e) => [e.time_id, e.description])),
    task: new Map(tasks.map((t) => [t.task_id, t.instruction])),
    ticket: tickets,
    attachment: attachments,
  };
}

const countByKind = (load: LoadResult) => (['note', 'time', 'task', 'ticket', 'attachment'] as const)
  .map((kind) => `${load.acknowledged.filter((w) => w.kind === kind).length} ${kind}`).join(', ');

/** The tickets whose title starts with `tag`, and whether each has its new-ticket mail in the outbox. */
async function ticketsAndMail(db: DatabaseHandle['db'], tag: string): Promise<Array<{ title: string; mails: number }>> {
  const tickets = await db.selectFrom('tickets').select(['ticket_id', 'title']).where('title', 'like', `${tag} %`).execute();
  const result = [];
  for (const ticket of tickets) {
    const { mails } = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('mails'))
      .where('subject', '=', `New ticket [#${ticket.ticket_id}]: ${ticket.title}`).executeTakeFirstOrThrow();
    result.push({ title: ticket.title, mails: Number(mails) });
  }
  return result;
}

test('every acknowledged write survives SIGKILL mid-load and a restart, twice', async () => {
  database = await freshDatabase();
  let api = await startApi(database.env);
  expect(api.applied.length).toBeGreaterThan(0);
  const cookie = await signIn(api);
  handle = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR });
  const db = handle.db;
  const { company_id: companyId } = await db.selectFrom('companies').select('company_id').where('name', '=', 'Acme, LLC').executeTakeFirstOrThrow();

  let ticketId = 0;
  for (const [round, killAfterMs] of KILL_AFTER_MS.entries()) {
    const tag = `durability-${round + 1}`;
    ticketId = await newTicket(api, cookie, companyId, `${tag} target`);
    const killer = setTimeout(() => void killApi(api), killAfterMs);
    const load = await writeLoad(api, cookie, { tag, ticketId, companyId, inFlight: IN_FLIGHT });
    clearTimeout(killer);
    await api.exited;
    expect(load.refused).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(10);

    // The same database, a new process: it opens without a migration to apply, and the session
    // the sign-in wrote (acknowledged too) still holds.
    api = await startApi(database.env);
    expect(api.applied).toEqual([]);
    const found = await readBack(api, cookie, ticketId, load);
    const missing = load.acknowledged.filter((write) => found[write.kind].get(write.id!) !== write.text);
    expect(missing).toEqual([]);

    // A ticket and its mail commit together, acknowledged or not.
    const tickets = await ticketsAndMail(db, tag);
    expect(tickets.filter((t) => t.mails === 0)).toEqual([]);
    const ticketTitles = new Set(tickets.map((t) => t.title));
    const committed = load.unacknowledged.filter((write) => write.kind === 'ticket'
      ? ticketTitles.has(write.text)
      : [...found[write.kind].values()].includes(write.text));
    console.log(
      `${database.dialect}, kill after ${killAfterMs} ms: ${load.acknowledged.length} acknowledged writes (${countByKind(load)}), all found after the restart; `
      + `${load.unacknowledged.length} unacknowledged (in flight at the kill): ${committed.length} committed, ${load.unacknowledged.length - committed.length} not`,
    );
  }

  if (database.dialect === 'sqlite') {
    expect(await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).toMatchObject({ rows: [{ integrity_check: 'ok' }] });
    expect(await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).toMatchObject({ rows: [{ synchronous: 2 }] });
  }
  const after = await call(api.baseUrl, cookie, 'POST', '/api/activity', { ticket_id: ticketId, note: 'durability: a write after the restarts' });
  const note = await json<{ activity_id: number }>(after);
  const feed = await json<Array<{ activity_id: number }>>(await call(api.baseUrl, cookie, 'GET', `/api/ticket/${ticketId}/activity`));
  expect(feed.map((n) => n.activity_id)).toContain(note.activity_id);
  await stopApi(api);
  expect(api.child.exitCode).toBe(0);
}, 60_000);
