import { createHash, randomBytes } from 'node:crypto';
import { createPortalApi } from '@portal/api';
import { chunked } from './bench-kit';

// The simulated users of bench-push.ts and profile-hot-path.ts: the seeded companies, tickets and users
// with their sessions, and what each user's screen polls.

export const COMPANIES = 200;
const TICKETS_PER_COMPANY = 10;

export type Kind = 'dashboard' | 'ticket' | 'agent';

export interface User {
  kind: Kind;
  contactId: number;
  companyId: number;
  ticketId: number;
  cookie: string;
}

/** A polled read: its path (the SWR key) and its documented interval. */
interface Poll {
  key: string;
  everyMs: number;
}

/** What each screen polls (docs/product/tickets.md#refresh, docs/product/dashboards.md#refresh-and-live-updates): ~3.6 requests/s per user on average. */
export function pollsOf(user: User): Poll[] {
  const notifications = { key: `/contact/${user.contactId}/notifications`, everyMs: 1000 };
  switch (user.kind) {
    case 'dashboard':
      return [
        notifications,
        ...[`/company/${user.companyId}`, `/company/${user.companyId}/tickets`, `/company/${user.companyId}/currenttime`, `/company/${user.companyId}/ytdtime`]
          .map((key) => ({ key, everyMs: 1000 })),
      ];
    case 'ticket':
      return [
        notifications,
        { key: `/ticket/${user.ticketId}`, everyMs: 5000 },
        { key: `/ticket/${user.ticketId}/activity`, everyMs: 5000 },
        { key: `/ticket/${user.ticketId}/tasks`, everyMs: 1000 },
        { key: `/ticket/${user.ticketId}/attachments`, everyMs: 1000 },
      ];
    case 'agent':
      return [
        notifications,
        ...[`/contact/${user.contactId}/tickets`, `/contact/${user.contactId}/currenttime`, `/contact/${user.contactId}/ytdtime`].map((key) => ({ key, everyMs: 5000 })),
      ];
  }
}

const sessionToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Companies with tickets, and `count` users (40% client dashboards, 30% ticket pages, 30% agent pages), each with a session. */
export async function populate(dataDir: string, count: number): Promise<{ users: User[]; writer: string; tickets: number[] }> {
  const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false });
  try {
    const { db } = app;
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    await chunked(Array.from({ length: COMPANIES }, (_, i) => ({
      name: `Push Company ${i + 1}`, url: `https://push${i + 1}.example`, description: null, mode: 1, note: null, date_created: now,
    })), 500, (chunk) => db.insertInto('companies').values(chunk).execute());
    const companies = (await db.selectFrom('companies').select('company_id').where('name', 'like', 'Push Company %').execute()).map((c) => c.company_id);
    const admin = await db.selectFrom('contacts').select('contact_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await chunked(companies.flatMap((companyId) => Array.from({ length: TICKETS_PER_COMPANY }, (_, i) => ({
      contact_id: null, company_id: companyId, assignee_id: admin.contact_id, title: `Push ticket ${i + 1}`, description: 'Bench ticket.',
      type_id: 1, priority_id: 2, status_id: 2, date_created: now, date_updated: now, date_due: null, date_assigned: now, date_completed: null,
      on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    }))), 1000, (chunk) => db.insertInto('tickets').values(chunk).execute());
    const ticketsOf = new Map<number, number[]>();
    for (const t of await db.selectFrom('tickets').select(['ticket_id', 'company_id']).where('title', 'like', 'Push ticket %').execute()) {
      ticketsOf.set(t.company_id, [...(ticketsOf.get(t.company_id) ?? []), t.ticket_id]);
    }
    const kinds: Kind[] = ['dashboard', 'dashboard', 'dashboard', 'dashboard', 'ticket', 'ticket', 'ticket', 'agent', 'agent', 'agent'];
    const planned = Array.from({ length: count }, (_, i) => ({ kind: kinds[i % kinds.length]!, companyId: companies[i % companies.length]! }));
    await chunked(planned.map((p, i) => ({
      title: p.kind === 'agent' ? 'Developer' : 'Owner', first_name: 'Push', last_name: `User ${i + 1}`, email: `push${i + 1}@bench.test`, phone: null,
      group_id: p.kind === 'agent' ? 2 : 5, password_hash: null, active: 1, date_created: now,
    })), 500, (chunk) => db.insertInto('contacts').values(chunk).execute());
    const contacts = await db.selectFrom('contacts').select(['contact_id', 'email']).where('email', 'like', 'push%@bench.test').execute();
    const idOf = new Map(contacts.map((c) => [c.email, c.contact_id]));
    const users: User[] = planned.map((p, i) => {
      const tickets = ticketsOf.get(p.companyId)!;
      return { ...p, contactId: idOf.get(`push${i + 1}@bench.test`)!, ticketId: tickets[i % tickets.length]!, cookie: '' };
    });
    await chunked(users.filter((u) => u.kind !== 'agent').map((u) => ({
      company_id: u.companyId, contact_id: u.contactId, title: 'Owner', primary: 1,
    })), 500, (chunk) => db.insertInto('company_contacts').values(chunk).execute());
    const sessions = users.map((u) => ({ user: u, token: sessionToken() }));
    const writerToken = sessionToken();
    await chunked([...sessions.map((s) => ({ token_hash: tokenHash(s.token), contact_id: s.user.contactId, date_created: now, last_seen: now, expires })),
      { token_hash: tokenHash(writerToken), contact_id: admin.contact_id, date_created: now, last_seen: now, expires }], 500,
    (chunk) => db.insertInto('sessions').values(chunk).execute());
    for (const s of sessions) s.user.cookie = `portal_session=${s.token}`;
    return { users, writer: `portal_session=${writerToken}`, tickets: [...ticketsOf.values()].flat() };
  } finally {
    await app.close();
  }
}
