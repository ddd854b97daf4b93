// Starts the portal the way an operator does (`npm start`, two API processes, a fresh DATA_DIR), signs in
// as the demo agent over HTTP, reads /api/auth/me and the shell's page, then stops it with SIGTERM and
// checks that every one of its processes is gone within 10 s (docs/operations.md#stopping-restarting-and-upgrading).
// .ci/run runs it under Node 24 (docs/operations.md#platforms-and-node-versions); it uses whatever `node` and
// `npm` come first on PATH.
//
// The SIGTERM goes to npm's pid alone, as `kill <pid>` sends it: npm runs the script through `sh -c`, and
// where /bin/sh is dash (Debian, Ubuntu, the node Docker images) that shell dies without passing it on;
// the portal's primary then finds itself without its parent and stops as on a SIGTERM (server/start.ts).
// npm exits by the signal (it re-raises the one its script's shell died of), so its own status says
// nothing about the portal's: the test asks that nothing of the group is left within 10 s.
//
//   npx tsx server/smoke-start.ts
//
// DEPLOY_DIR, when set, is passed on: the start then serves remotes already deployed there instead of
// building them all again (CI passes the journeys' deploy folder). Exits 1 with the portal's last output
// lines when a step fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = Number(process.env.SMOKE_READY_TIMEOUT_S ?? 600) * 1000;
const STOP_TIMEOUT_MS = 10_000;
const AGENT = { username: 'agent@demo.test', password: 'portal-demo' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Whether any process of the group npm start leads (npm, tsx, the primary, its workers) still runs. */
function groupAlive(pid: number | undefined): boolean {
  if (!pid || process.platform === 'win32') return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const answer = await fetch(`${base}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await sleep(250);
  }
  throw new Error(`not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

async function expectOk(answer: Response, what: string): Promise<Response> {
  if (!answer.ok) throw new Error(`${what}: HTTP ${answer.status} ${(await answer.text()).slice(0, 300)}`);
  console.log(`ok ${what}: HTTP ${answer.status}`);
  return answer;
}

async function signInAndLook(base: string): Promise<void> {
  const login = await expectOk(
    await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(AGENT) }),
    `POST /api/auth/login as ${AGENT.username}`,
  );
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the sign-in set no cookie');
  const me = (await (await expectOk(await fetch(`${base}/api/auth/me`, { headers: { cookie } }), 'GET /api/auth/me')).json()) as {
    contact?: { email?: string };
  };
  if (me.contact?.email !== AGENT.username) throw new Error(`/api/auth/me answered ${JSON.stringify(me).slice(0, 300)}`);
  console.log(`ok signed in as ${me.contact.email}`);
  const page = await expectOk(await fetch(`${base}/`, { headers: { cookie, accept: 'text/html' } }), "GET / (the shell's page)");
  const html = await page.text();
  if (!page.headers.get('content-type')?.includes('text/html') || !html.includes('id="root"')) {
    throw new Error(`/ is not the shell's page: ${page.headers.get('content-type')} ${html.slice(0, 200)}`);
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-smoke-'));
  const logPath = path.join(dataDir, 'start.log');
  const base = `http://127.0.0.1:${port}`;
  console.log(`npm start under Node ${process.version} on port ${port}, DATA_DIR ${dataDir}${process.env.DEPLOY_DIR ? `, DEPLOY_DIR ${process.env.DEPLOY_DIR}` : ''}`);
  const log = createWriteStream(logPath);
  // Its own process group, so that a failed run can take down npm, tsx and every API process at once.
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, WORKERS: '2', NODE_ENV: 'development' },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let failed = false;
  try {
    await waitUntilReady(base, child);
    console.log(`ok ready: ${base}/api/health`);
    await signInAndLook(base);
    const stopping = Date.now();
    process.kill(child.pid!, 'SIGTERM');
    const result = await Promise.race([exited(child), sleep(STOP_TIMEOUT_MS).then(() => undefined)]);
    if (!result) throw new Error(`npm start still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`);
    if (result.code !== 0 && result.signal !== 'SIGTERM') throw new Error(`npm start ended with ${result.code ?? result.signal} after SIGTERM`);
    while (groupAlive(child.pid)) {
      if (Date.now() - stopping > STOP_TIMEOUT_MS) throw new Error(`some of the portal's processes still run ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`);
      await sleep(100);
    }
    console.log(`ok every process stopped ${((Date.now() - stopping) / 1000).toFixed(1)} s after SIGTERM (npm: ${result.code ?? result.signal})`);
  } catch (error) {
    failed = true;
    console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (groupAlive(child.pid)) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    // 'exit' can come before the last output: wait (briefly) for the pipes to close.
    if (child.stdout && !child.stdout.closed) await Promise.race([new Promise((resolve) => child.stdout!.once('close', resolve)), sleep(2000)]);
    await new Promise((resolve) => log.end(resolve));
    if (failed) {
      console.error('--- the last lines npm start printed:');
      console.error(readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n'));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
  console.log('smoke test passed');
}

await main();
