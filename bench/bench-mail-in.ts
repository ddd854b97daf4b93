// Mail in figures (docs/product/notifications-and-mail.md#mail-in): how many messages a second the
// portal turns into notes, and how long from a message's IMAP APPEND until an open ticket screen has
// the note (its live stream says the feed is stale and the re-read feed holds the note), p50 / p99.
// Starts a real Dovecot (api/src/test-support/dovecot.ts) and the API over a temp SQLite database with
// the demo seed, MAIL_IN_URL pointing at it.
//   npx tsx bench/bench-mail-in.ts        (BENCH_BATCH=300 messages for the rate, BENCH_LATENCY=100)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createPortalApi } from '@portal/api';
import { startDovecot } from '../api/src/test-support/dovecot';
import { openLiveStream, type SseEvent } from '../api/src/test-support/live-stream';
import { percentiles } from './lib/bench-kit';

const batch = Number(process.env.BENCH_BATCH ?? 300);
const latencyRuns = Number(process.env.BENCH_LATENCY ?? 100);

const reply = (ticketId: number, text: string) =>
  new MailComposer({
    from: 'Casey Client <client@demo.test>',
    to: 'support@portal.test',
    subject: `Re: [#${ticketId}] Our website`,
    // What the receiving server (MAIL_IN_TRUSTED_AUTHSERV below) writes of a sender that passed DMARC.
    headers: { 'Authentication-Results': 'mx.portal.test; dmarc=pass header.from=demo.test' },
    text: `${text}\n\nOn Mon, 23 Nov 2026, Support wrote:\n> An earlier question\n> with two lines\n`,
  }).compile().build();


async function main(): Promise<void> {
  const dovecot = await startDovecot();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-mail-'));
  const options = {
    dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, mailInUrl: dovecot.url,
    mailInAllowPlaintext: true, mailInSenderCheck: { trustedAuthserv: ['mx.portal.test'] },
    loginRateLimit: { max: 100, timeWindowMs: 60_000 },
  } as const;
  try {
    // 1. The rate: a batch waiting in the mailbox, read in one pass (the runner not started).
    const quiet = await createPortalApi({ ...options, runJobs: false });
    const ticketId = (await quiet.db.selectFrom('tickets').innerJoin('companies', 'companies.company_id', 'tickets.company_id')
      .select('tickets.ticket_id').where('companies.name', '=', 'Acme, LLC').orderBy('tickets.ticket_id').executeTakeFirstOrThrow()).ticket_id;
    for (let i = 0; i < batch; i += 1) await dovecot.append(await reply(ticketId, `Batch answer ${i}.`));
    const started = process.hrtime.bigint();
    const pass = await quiet.mailIn.fetchNow();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const notes = await quiet.db.selectFrom('activity').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', 'mail').executeTakeFirstOrThrow();
    await quiet.close();
    console.log(`rate: ${batch} messages in ${seconds.toFixed(2)} s = ${(batch / seconds).toFixed(1)} messages/s (pass: ${JSON.stringify(pass)}, notes: ${notes.n})`);

    // 2. APPEND to the note on an open screen: the runner started (IDLE), the agent's live stream open.
    const app = await createPortalApi({ ...options, runJobs: true });
    await app.ready();
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'agent@demo.test', password: 'portal-demo' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const stream = await openLiveStream(baseUrl, cookie);
    await stream.next((event) => event.event === 'ready');
    const key = `/ticket/${ticketId}/activity`;
    const stale = (event: SseEvent) => event.event === 'stale' && (JSON.parse(event.data) as { keys: string[] }).keys.includes(key);
    const times: number[] = [];
    for (let i = 0; i < latencyRuns; i += 1) {
      const text = `Latency answer ${i} ${Date.now()}.`;
      const raw = await reply(ticketId, text);
      const seen = stream.events.length;
      const t0 = process.hrtime.bigint();
      await dovecot.append(raw);
      for (;;) {
        await stream.next((event) => stream.events.indexOf(event) >= seen && stale(event), 30_000);
        const feed = (await (await fetch(`${baseUrl}/api${key}`, { headers: { cookie } })).json()) as { note: string }[];
        if (feed.some((item) => item.note.startsWith(text))) break;
      }
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    stream.close();
    await app.close();
    const figures = percentiles(times);
    console.log(`APPEND to note on an open screen over ${latencyRuns} messages: p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  } finally {
    await dovecot.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
