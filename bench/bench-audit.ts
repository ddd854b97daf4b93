// Read figures for the audit trail at a size a busy portal reaches in a few years: the demo plus
// AUDIT_ROWS generated entries (default 1,000,000) over 50,000 tickets, 200 companies and 40 people.
// The ticket page's History tab polls GET /ticket/:id/audit (1 to 5 s while the live stream is
// down); the admin screen reads GET /audit with filters. Read through app.inject (no network),
// warm, the median of RUNS runs each, on SQLite. Prints a table; nothing is asserted.
//   npx tsx bench/bench-audit.ts   (AUDIT_ROWS=1000000, RUNS=15)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { AUDIT_ACTION_NAMES, auditEntityOf } from '@portal/domain';
import { medianGet, seededRandom } from './lib/bench-kit';

const ROWS = Number(process.env.AUDIT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 15);
const TICKETS = 50_000;
const COMPANIES = 200;
const PEOPLE = 40;

type App = Awaited<ReturnType<typeof createPortalApi>>;

/** Two years of entries, oldest first; most of them ticket changes, as in a working portal. */
async function populate(app: App): Promise<void> {
  const next = seededRandom(13);
  const start = Date.now() - 730 * 24 * 60 * 60 * 1000;
  const step = (730 * 24 * 60 * 60 * 1000) / ROWS;
  const others = AUDIT_ACTION_NAMES.filter((action) => action !== 'ticket.updated');
  const chunk = 2000;
  await app.db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < ROWS; offset += chunk) {
      const rows = Array.from({ length: Math.min(chunk, ROWS - offset) }, (_, i) => {
        const action = next() < 0.8 ? 'ticket.updated' : others[Math.floor(next() * others.length)]!;
        const entity = auditEntityOf(action);
        const ticket = 1 + Math.floor(next() * TICKETS);
        return {
          date_created: new Date(start + (offset + i) * step).toISOString(),
          actor_id: 1 + Math.floor(next() * PEOPLE),
          action,
          entity,
          entity_id: entity === 'ticket' ? ticket : 1 + Math.floor(next() * 1000),
          company_id: 1 + (ticket % COMPANIES),
          subject: `Record ${ticket}`,
          changes: JSON.stringify([{ field: 'status_id', before: 2, after: 3 }, { field: 'assignee_id', before: null, after: 4 }]),
          ip: '127.0.0.1',
        };
      });
      await trx.insertInto('audit_log').values(rows).execute();
    }
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-audit-'));
  const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false });
  try {
    const started = Date.now();
    await populate(app);
    console.log(`${ROWS.toLocaleString('en-US')} entries written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin@demo.test', password: 'portal-demo' } });
    const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')!.value}`;
    const middle = Math.floor(ROWS / 2);
    // A ticket the trail names (the generated ids are not tickets of the database).
    const { entity_id: ticketId } = await app.db.selectFrom('audit_log').select('entity_id').where('entity', '=', 'ticket')
      .orderBy('audit_id', 'desc').limit(1).executeTakeFirstOrThrow();
    const reads: [string, string][] = [
      ["a ticket's history (History tab, polled)", `/api/ticket/${ticketId}/audit`],
      ['the whole trail, first page of 50', '/api/audit'],
      ['the whole trail, a page of 200 halfway', `/api/audit?limit=200&before=${middle}`],
      ['entity=ticket & company', '/api/audit?entity=ticket&company_id=17'],
      ['action=session.sign_in_failed', '/api/audit?action=session.sign_in_failed'],
      ['actor_id', '/api/audit?actor_id=7'],
      ['one day a year ago', `/api/audit?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`],
      ['action + actor + company (rare match)', '/api/audit?action=invoice.issued&actor_id=3&company_id=5'],
    ];
    console.log(`SQLite, app.inject, warm, median of ${RUNS} runs`);
    console.log('read                                        median ms   entries   answer');
    for (const [label, url] of reads) {
      const { medianMs, bytes, body } = await medianGet(app, url, cookie, RUNS);
      const count = (JSON.parse(body) as { entries: unknown[] }).entries.length;
      console.log(`${label.padEnd(44)} ${medianMs.toFixed(1).padStart(9)}   ${String(count).padStart(7)}   ${(bytes / 1024).toFixed(0)} KiB`);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
