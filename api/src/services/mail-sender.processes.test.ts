import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createTestApp } from '../test-support/test-app';

// The leased outbox (docs/decisions/0004-leased-outbox.md) across real processes (one per core under `npm start`): three API processes drain one
// outbox at the same moment, on SQLite (WAL, busy timeout, one writer at a time) or PostgreSQL (SKIP
// LOCKED). Every mail goes out exactly once.

const drainer = path.join(__dirname, '..', 'test-support', 'outbox-drain-process.ts');

function startDrainer(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<void>; result: Promise<{ sent: number[] }> } {
  const child = fork(drainer, [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<{ sent: number[] }>((resolve, reject) => {
    child.on('message', (message) => (message === 'ready' ? onReady() : resolve(message as { sent: number[] })));
    child.once('exit', (code) => reject(new Error(`drainer exited with ${code}`)));
  });
  return { child, ready, result };
}

test('three processes draining one outbox at once send every mail exactly once', async () => {
  const t = await createTestApp();
  const children: ChildProcess[] = [];
  try {
    const ids: number[] = [];
    for (let i = 0; i < 150; i += 1) ids.push(await t.app.repos.mailOutbox.add(t.app.db, { to: `person${i}@demo.test`, subject: `Mail ${i}`, text: 'Hello' }));
    const env = { DATABASE_URL: t.app.config.databaseUrl, DATA_DIR: t.app.config.dataDir };
    const drainers = [startDrainer(env), startDrainer(env), startDrainer(env)];
    children.push(...drainers.map((d) => d.child));
    await Promise.all(drainers.map((d) => d.ready));
    for (const d of drainers) d.child.send('drain');
    const results = await Promise.all(drainers.map((d) => d.result));

    const all = results.flatMap((r) => r.sent).sort((a, b) => a - b);
    expect(all).toEqual(ids);
    expect(results.filter((r) => r.sent.length > 0).length).toBeGreaterThan(1);
    expect((await t.app.repos.mailOutbox.list('sent')).map((row) => row.id)).toEqual(ids);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await t.close();
  }
}, 60_000);
