// Load figures for the reads every open ticket page polls: GET /api/ticket/:id (5 s),
// /tasks and /attachments (1 s), /activity. Starts the API on a random loopback port over a temp
// SQLite database with the demo seed, signs in as the demo client (the costliest viewer: its
// companies are looked up on every request), and runs each read with 200 connections.
//   npx tsx bench/bench-ticket.ts            (BENCH_SECONDS=8, BENCH_CONNECTIONS=200)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPortalApi } from '@portal/api';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 1)]);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const app = await createPortalApi({
    dataDir,
    databaseUrl: 'sqlite',
    seedDemo: true,
    logger: false,
    mailTransport: null,
    runJobs: false,
    loginRateLimit: { max: 100, timeWindowMs: 60_000 },
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'client@demo.test', password: 'portal-demo' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

    // The demo ticket with a task list; give it two attachments so that list is not empty.
    const ticketId = (await app.db.selectFrom('tasks').select('ticket_id').orderBy('ticket_id').executeTakeFirstOrThrow()).ticket_id;
    for (const name of ['one.png', 'two.png']) {
      const form = new FormData();
      form.append('file[]', new Blob([PNG], { type: 'image/png' }), name);
      const res = await fetch(`${address}/api/ticket/${ticketId}/attachments`, { method: 'POST', body: form, headers: { cookie } });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    }

    const paths = [`/api/ticket/${ticketId}`, `/api/ticket/${ticketId}/tasks`, `/api/ticket/${ticketId}/attachments`, `/api/ticket/${ticketId}/activity`];
    console.log(`${connections} connections, ${seconds} s per route, loopback, SQLite, signed in as the demo client\n`);
    console.log('route                              p50 ms   p99 ms   req/s   non-2xx');
    for (const route of paths) {
      const result = await autocannon({ url: `${address}${route}`, connections, duration: seconds, headers: { cookie } });
      const label = route.replace(String(ticketId), ':id').padEnd(34);
      console.log(
        `${label} ${String(result.latency.p50).padStart(6)} ${String(result.latency.p99).padStart(8)} ${String(Math.round(result.requests.average)).padStart(7)} ${String(result.non2xx + result.errors).padStart(9)}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
