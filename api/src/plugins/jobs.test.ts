import { captureLogs, LEVEL } from '../test-support/log-capture';
import { createTestApp, recordingTransport, type TestApp } from '../test-support/test-app';
import { createJobRunner } from './jobs';

// The job runner through a database outage (docs/architecture.md#a-database-outage): a pass the database fails is
// logged and tried again at the next tick, and the rows it had claimed are handed back then, not left leased.

const lostConnection = () => new Error('Connection terminated unexpectedly');

let t: TestApp;
const mail = recordingTransport();
const logs = captureLogs();

beforeAll(async () => {
  t = await createTestApp({ mailTransport: mail.transport, logStream: logs.stream });
});
afterAll(async () => {
  await t.close();
});

test('a pass the database fails mid-way is retried at the next tick, with the rows it claimed handed back', async () => {
  const ids: number[] = [];
  for (const n of [1, 2, 3]) ids.push(await t.app.repos.mailOutbox.add(t.app.db, { to: `outage${n}@demo.test`, subject: `Outage ${n}`, text: 'Hello' }));
  const outbox = t.app.repos.mailOutbox;
  const markSent = outbox.markSent;
  let failures = 0;
  // The database goes away after the first mail went out: the pass claimed all three and fails there.
  outbox.markSent = async (...args) => {
    if (failures++ === 0) throw lostConnection();
    return markSent(...args);
  };
  const runner = createJobRunner(t.app, 'outage-runner');
  try {
    runner.start();
    const started = Date.now();
    while ((await outbox.list('sent')).length < ids.length) {
      if (Date.now() - started > 5_000) throw new Error('the outbox was not sent within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await runner.stop();
    outbox.markSent = markSent;
  }
  expect((await outbox.list('sent')).map((row) => row.id).sort((a, b) => a - b)).toEqual(ids);
  // The first mail went out twice (sent, then not marked): the stable Message-ID lets the receiver drop the copy.
  expect(mail.sent.map((sent) => sent.to).sort()).toEqual(['outage1@demo.test', 'outage1@demo.test', 'outage2@demo.test', 'outage3@demo.test']);
  const lines = logs.lines();
  expect(lines).toContainEqual(expect.objectContaining({ level: LEVEL.warn, msg: 'job runner pass failed: the database is unavailable; retrying' }));
  expect(lines).toContainEqual(expect.objectContaining({ level: LEVEL.info, msg: 'job runner: leases of the failed pass handed back', released: 3 }));
  expect(lines.filter((line) => line.level >= LEVEL.error)).toEqual([]);
});

test('stopping while the database is unavailable ends anyway; the leases run out by themselves', async () => {
  const outbox = t.app.repos.mailOutbox;
  const releaseLeases = outbox.releaseLeases;
  outbox.releaseLeases = async () => {
    throw lostConnection();
  };
  try {
    const runner = createJobRunner(t.app, 'stopping-runner');
    runner.start();
    await expect(runner.stop()).resolves.toBeUndefined();
  } finally {
    outbox.releaseLeases = releaseLeases;
  }
  expect(logs.lines()).toContainEqual(expect.objectContaining({ level: LEVEL.warn, msg: 'job runner stopped: leases not handed back; they run out by themselves' }));
});
