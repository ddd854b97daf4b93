// What webhooks cost the people using the portal (docs/decisions/0021-webhooks-from-an-event-outbox.md): the same work
// twice on one API (SQLite, its job runner running as in production), first without webhooks, then with 10 endpoints
// that want every event, one of them down (it never answers: every attempt waits its 10 s limit), the others real
// receivers on 127.0.0.1. The work: notes written at EVENTS_PER_MINUTE (default 1,000: each a `ticket.note_added` event)
// while an agent reads the ticket page's polled reads (the ticket, its activity) as fast as one tab would, READS_PER_SECOND.
// Prints p50/p95/p99 of the reads in both phases, the change of p99, and what the receivers got. Nothing is asserted.
//   npx tsx bench/bench-webhooks.ts   (BENCH_SECONDS=60, EVENTS_PER_MINUTE=1000, READS_PER_SECOND=20, DOWN=hang|refused,
//   ORDER=with-first to run the phase with webhooks first)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { percentiles } from './lib/bench-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const EVENTS_PER_MINUTE = Number(process.env.EVENTS_PER_MINUTE ?? 1000);
const READS_PER_SECOND = Number(process.env.READS_PER_SECOND ?? 20);
const DOWN = process.env.DOWN === 'refused' ? 'refused' : 'hang';
const WITH_FIRST = process.env.ORDER === 'with-first';
const ENDPOINTS = 10;

type App = Awaited<ReturnType<typeof createPortalApi>>;

async function receiver(answer: boolean): Promise<{ server: Server; url: string; count(): number }> {
  let got = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      got += 1;
      if (answer) response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, count: () => got };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` `perSecond` times a second for SECONDS, without waiting for one before starting the next. */
async function paced(perSecond: number, work: () => Promise<void>): Promise<void> {
  const end = Date.now() + SECONDS * 1000;
  const running: Promise<void>[] = [];
  for (let next = Date.now(); next < end; next += 1000 / perSecond) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    running.push(work());
  }
  await Promise.all(running);
}

async function phase(app: App, label: string, cookies: { admin: string; agent: string }, ticketId: number): Promise<number> {
  const times: number[] = [];
  const reads = paced(READS_PER_SECOND, async () => {
    for (const url of [`/api/ticket/${ticketId}`, `/api/ticket/${ticketId}/activity`]) {
      const started = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers: { cookie: cookies.agent } });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    }
  });
  let n = 0;
  const writes = paced(EVENTS_PER_MINUTE / 60, async () => {
    const res = await app.inject({ method: 'POST', url: '/api/activity', headers: { cookie: cookies.admin }, payload: { ticket_id: ticketId, note: `Bench note ${n++}` } });
    if (res.statusCode !== 201) throw new Error(`note: ${res.statusCode} ${res.body.slice(0, 200)}`);
  });
  await Promise.all([reads, writes]);
  const { p50, p95, p99 } = percentiles(times);
  console.log(`${label.padEnd(34)} reads ${String(times.length).padStart(6)}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
  return p99;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-webhooks-'));
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS - 1 }, () => receiver(true)));
  const down = DOWN === 'hang' ? await receiver(false) : null;
  const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, webhookAllowedHosts: ['127.0.0.1'] });
  try {
    const login = async (username: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'portal-demo' } });
      return `portal_session=${res.cookies.find((c) => c.name === 'portal_session')!.value}`;
    };
    const cookies = { admin: await login('admin@demo.test'), agent: await login('agent@demo.test') };
    const acme = await app.db.selectFrom('companies').select('company_id').where('name', '=', 'Acme, LLC').executeTakeFirstOrThrow();
    // Each phase writes to and reads a ticket of its own: the second phase's reads would otherwise meet the first's notes too.
    const newTicket = async () => {
      const created = await app.inject({
        method: 'POST', url: '/api/ticket', headers: { cookie: cookies.admin },
        payload: { type_id: 1, title: 'Bench ticket', description: 'Webhook load', priority_id: 3, company_id: acme.company_id, estimate_required: 0 },
      });
      return (created.json() as { ticket_id: number }).ticket_id;
    };
    console.log(`${SECONDS} s a phase, ${EVENTS_PER_MINUTE} events a minute, ${READS_PER_SECOND} ticket-page reads a second (2 requests each); the down endpoint: ${DOWN}`);

    const urls = [...receivers.map((r) => r.url), down ? down.url : 'http://127.0.0.1:9/hook'];
    const register = async () => {
      const ids: number[] = [];
      for (const url of urls) {
        const res = await app.inject({
          method: 'POST', url: '/api/webhooks', headers: { cookie: cookies.admin },
          payload: { url, events: ['ticket.created', 'ticket.updated', 'ticket.status_changed', 'ticket.note_added', 'time.logged', 'invoice.issued', 'sla.breached'] },
        });
        if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
        ids.push((res.json() as { id: number }).id);
      }
      return ids;
    };
    const withLabel = `with ${ENDPOINTS} endpoints, one down`;
    let without: number;
    let withHooks: number;
    if (WITH_FIRST) {
      // The other order, against the first phase's head start (a warmer process) counting for webhooks.
      const ids = await register();
      withHooks = await phase(app, withLabel, cookies, await newTicket());
      for (const id of ids) await app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: { cookie: cookies.admin } });
      without = await phase(app, 'without webhooks', cookies, await newTicket());
    } else {
      without = await phase(app, 'without webhooks', cookies, await newTicket());
      await register();
      withHooks = await phase(app, withLabel, cookies, await newTicket());
    }
    console.log(`p99 change: ${(((withHooks - without) / without) * 100).toFixed(1)} % (the issue's bound: 10 %)`);
    const delivered = await app.db.selectFrom('webhook_deliveries').select(({ fn }) => ['status', fn.countAll<number>().as('n')]).groupBy('status').execute();
    console.log(`deliveries: ${delivered.map((d) => `${d.status} ${d.n}`).join(', ')}; received by the live endpoints: ${receivers.reduce((sum, r) => sum + r.count(), 0)}`);
  } finally {
    await app.close();
    for (const r of [...receivers, ...(down ? [down] : [])]) {
      r.server.closeAllConnections();
      r.server.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
