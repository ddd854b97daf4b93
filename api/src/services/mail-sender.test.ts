import type { FastifyInstance } from 'fastify';
import { createPortalApi } from '../create-portal-api';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from '../plugins/mail';
import { createTestApp, recordingTransport, type TestApp } from '../test-support/test-app';
import { smtpCapture } from '../test-support/smtp-capture';
import { OUTBOX_MAX_ATTEMPTS, retryDelayMs } from './mail-sender';

let now = new Date('2025-03-10T10:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const queue = async (app: FastifyInstance, count: number, subject = 'Queued') => {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await app.repos.mailOutbox.add(app.db, { to: `person${i}@demo.test`, subject: `${subject} ${i}`, text: 'Hello', html: '<p>Hello</p>' }));
  return ids;
};

describe('the outbox over real SMTP', () => {
  let t: TestApp;
  let port: number;
  const servers: ReturnType<typeof smtpCapture>[] = [];
  beforeAll(async () => {
    // A free port with nothing listening on it yet: the SMTP server is down.
    const probe = smtpCapture();
    port = await probe.listen(0);
    await probe.close();
    t = await createTestApp({ clock, publicUrl: 'https://portal.example', mailTransport: createSmtpTransport(`smtp://127.0.0.1:${port}`) });
  });
  afterAll(async () => {
    await t.close();
    for (const server of servers) await server.close();
  });

  test('down, then 451, then 550, then working: every message arrives exactly once', async () => {
    const ids = await queue(t.app, 3, 'Outage');
    expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 3, failed: 0 });
    const down = await t.app.repos.mailOutbox.findById(ids[0]!);
    expect(down).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(now.getTime() + 5_000).toISOString(), lease_owner: null });
    expect(down?.error).toMatch(/ECONNREFUSED|connect/i);

    // Not before its retry time.
    const smtp = smtpCapture();
    servers.push(smtp);
    await smtp.listen(port);
    smtp.setMode('tempfail');
    advance(4_999);
    expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    advance(1);
    expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 3, failed: 0 });
    expect(await t.app.repos.mailOutbox.findById(ids[1]!)).toMatchObject({
      attempts: 2, error: expect.stringMatching(/^451 /), next_attempt_at: new Date(now.getTime() + 10_000).toISOString(),
    });

    smtp.setMode('reject');
    advance(10_000);
    expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 3, failed: 0 });
    expect(await t.app.repos.mailOutbox.findById(ids[2]!)).toMatchObject({ attempts: 3, error: expect.stringMatching(/^550 /) });

    smtp.setMode('accept');
    advance(20_000);
    expect(await t.app.jobs.drain()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    const sentAt = now.toISOString();
    advance(3_600_000);
    expect(await t.app.jobs.runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.received.map((mail) => mail.outboxId).sort()).toEqual(ids);
    expect(smtp.received[0]).toMatchObject({ to: ['person0@demo.test'], subject: 'Outage 0' });
    expect(smtp.received[0]!.raw).toMatch(/^Message-ID: <outbox\.\d+\.\d+@portal\.example>/im);
    for (const id of ids) {
      expect(await t.app.repos.mailOutbox.findById(id)).toMatchObject({ status: 'sent', attempts: 4, date_sent: sentAt, error: null });
    }
  });
});

describe('what a row is sent with', () => {
  test("a row's own Message-ID and stored headers reach the SMTP server; a row without keeps the generated <outbox.…> one", async () => {
    const smtp = smtpCapture();
    const port = await smtp.listen(0);
    const t = await createTestApp({ publicUrl: 'https://portal.example', mailTransport: createSmtpTransport(`smtp://127.0.0.1:${port}`) });
    try {
      const answered = await t.app.repos.mailOutbox.add(t.app.db, {
        to: 'client@demo.test', subject: '[#7] New activity', text: 'Hello', messageId: '<second.abc@portal.example>',
        headers: {
          'In-Reply-To': '<first.abc@portal.example>', References: '<first.abc@portal.example>',
          'Reply-To': 'support@portal.example', 'Auto-Submitted': 'auto-generated',
        },
      });
      const plain = await t.app.repos.mailOutbox.add(t.app.db, { to: 'client@demo.test', subject: 'Plain', text: 'Hello', headers: {} });
      expect(await t.app.repos.mailOutbox.findById(plain)).toMatchObject({ message_id: null, headers: null });
      expect(await t.app.jobs.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });

      const raw = (id: number) => smtp.received.find((mail) => mail.outboxId === id)!.raw;
      const header = (id: number, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw(id))?.[1]?.trim();
      expect(header(answered, 'Message-ID')).toBe('<second.abc@portal.example>');
      expect(header(answered, 'In-Reply-To')).toBe('<first.abc@portal.example>');
      expect(header(answered, 'References')).toBe('<first.abc@portal.example>');
      expect(header(answered, 'Reply-To')).toBe('support@portal.example');
      expect(header(answered, 'Auto-Submitted')).toBe('auto-generated');
      expect(header(answered, 'Subject')).toBe('[#7] New activity');
      expect(header(plain, 'Message-ID')).toMatch(new RegExp(`^<outbox\\.${plain}\\.\\d+@portal\\.example>$`));
      for (const name of ['In-Reply-To', 'References', 'Reply-To', 'Auto-Submitted']) expect(header(plain, name)).toBeUndefined();
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  test('stored headers that are not an object of strings are dropped, not a reason to fail the mail', async () => {
    const smtp = recordingTransport();
    const t = await createTestApp({ mailTransport: smtp.transport });
    try {
      const broken = await t.app.repos.mailOutbox.add(t.app.db, { to: 'a@demo.test', subject: 'Broken', text: 'x' });
      const mixed = await t.app.repos.mailOutbox.add(t.app.db, { to: 'b@demo.test', subject: 'Mixed', text: 'x' });
      await t.app.db.updateTable('mail_outbox').set({ headers: '{not json' }).where('id', '=', broken).execute();
      await t.app.db.updateTable('mail_outbox').set({ headers: '{"Auto-Submitted":"auto-generated","X-Count":3}' }).where('id', '=', mixed).execute();
      expect(await t.app.jobs.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect(smtp.sent[0]!.headers).toEqual({ 'X-Portal-Outbox-Id': String(broken) });
      expect(smtp.sent[1]!.headers).toEqual({ 'Auto-Submitted': 'auto-generated', 'X-Portal-Outbox-Id': String(mixed) });
    } finally {
      await t.close();
    }
  });
});

describe('retries', () => {
  test('5 s, doubling, at most 10 min; given up after the last attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000]);
    expect(retryDelayMs(OUTBOX_MAX_ATTEMPTS - 1)).toBe(600_000);
    expect(retryDelayMs(OUTBOX_MAX_ATTEMPTS)).toBeNull();
  });

  test('with a fake clock: each retry waits its delay; the row is kept as failed after the last one', async () => {
    const smtp = recordingTransport();
    smtp.failing = true;
    const t = await createTestApp({ clock, mailTransport: smtp.transport });
    try {
      const [id] = await queue(t.app, 1, 'Never');
      for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
        expect((await t.app.jobs.drain()).sent + (await t.app.repos.mailOutbox.findById(id!))!.attempts).toBe(attempt);
        const delay = retryDelayMs(attempt);
        if (delay === null) break;
        advance(delay - 1);
        await t.app.jobs.drain();
        expect((await t.app.repos.mailOutbox.findById(id!))!.attempts).toBe(attempt);
        advance(1);
      }
      expect(await t.app.repos.mailOutbox.findById(id!)).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, next_attempt_at: null, error: 'SMTP down' });
      smtp.failing = false;
      advance(86_400_000);
      expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.sent).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('several runners on one database', () => {
  /** Records which outbox rows it sent, taking a little time per message so the runners overlap. */
  const slowTransport = () => {
    const sent: number[] = [];
    const transport: MailTransport = {
      async sendMail(mail: OutgoingMail) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(Number(mail.headers['X-Portal-Outbox-Id']));
      },
    };
    return { sent, transport };
  };

  test('two apps draining at once send every row exactly once', async () => {
    const first = slowTransport();
    const second = slowTransport();
    const t = await createTestApp({ mailTransport: first.transport });
    const other = await createPortalApi({
      databaseUrl: t.app.config.databaseUrl, dataDir: t.app.config.dataDir, seedDemo: false, runJobs: false, mailTransport: second.transport,
    });
    try {
      const ids = await queue(t.app, 60);
      await Promise.all([t.app.jobs.drain(), other.jobs.drain(), t.app.jobs.drain()]);
      const all = [...first.sent, ...second.sent].sort((a, b) => a - b);
      expect(all).toEqual(ids);
      expect(first.sent.length).toBeGreaterThan(0);
      expect(second.sent.length).toBeGreaterThan(0);
      expect((await t.app.repos.mailOutbox.list('sent')).map((row) => row.id)).toEqual(ids);
    } finally {
      await other.close();
      await t.close();
    }
  });

  test('a row leased by a runner that died is taken over once its lease has run out, not before', async () => {
    const smtp = recordingTransport();
    const t = await createTestApp({ clock, mailTransport: smtp.transport });
    try {
      const [id] = await queue(t.app, 1, 'Leased');
      expect(await t.app.repos.mailOutbox.claimDue({ owner: 'gone', now, leaseMs: 60_000, limit: 10 })).toHaveLength(1);
      expect(await t.app.jobs.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      advance(60_001);
      expect(await t.app.jobs.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await t.app.repos.mailOutbox.markSent(id!, 'gone', now)).toBe(false);
      expect(smtp.sent).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
