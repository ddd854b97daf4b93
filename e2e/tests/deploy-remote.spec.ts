import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';
import { e2eDeployDir, portalEnv } from '../support/portal-env';
import { demoPassword, demoUsers } from '../support/portal-env';
import { expectSignedInHeader, submitSignIn } from '../support/session';

const repoRoot = join(__dirname, '..', '..');
const deployRemote = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'deploy-remote', '--', ...args], { cwd: repoRoot, env: { ...process.env, ...portalEnv }, encoding: 'utf8' });
// Asynchronous where this process serves what the command's smoke load fetches (the second origin below).
const deployRemoteAsync = async (...args: string[]) =>
  (await promisify(execFile)('npm', ['run', '--silent', 'deploy-remote', '--', ...args], { cwd: repoRoot, env: { ...process.env, ...portalEnv } })).stdout;
const liveMap = () => JSON.parse(readFileSync(join(e2eDeployDir, 'remotes.json'), 'utf8')) as Record<string, { entry: string; version: string }>;

test('deploying one remote is served on the next page load, with no shell rebuild or restart; --rollback brings the previous one back', async ({ page }) => {
  test.setTimeout(300_000);
  // A page the shell runs: its scripts must be the same after the deploy (the sign-in page runs the remote's own, checked below).
  await page.goto('/forgotpassword');
  const remote = page.locator('[data-remote="auth"]');
  await expect(remote).toBeVisible();
  const before = await remote.getAttribute('data-remote-version');
  // The shell's own scripts are served from the page's origin; a remote's chunks come from the remote's and change with it.
  const shellScriptsNow = () =>
    page.locator('script[src]').evaluateAll((s) => s.map((x) => x.getAttribute('src') ?? '').filter((src) => src.startsWith('/')));
  const shellScripts = await shellScriptsNow();
  expect(shellScripts).toContainEqual(expect.stringMatching(/^\/main\.\w+\.js$/));

  // The gate and the smoke load run before the map is repointed.
  const output = deployRemote('auth');
  expect(output).toContain('gate: the live shell serves auth');
  expect(output).toMatch(/smoke load: auth \S+ rendered \/forgotpassword, and \/, \/login \(its own pages\)/);
  const deployed = liveMap().auth?.version;
  expect(deployed).toBeTruthy();
  expect(deployed).not.toBe(before);

  await page.reload();
  await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', deployed!);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // Same shell bundle as before: the shell was not rebuilt.
  expect(await shellScriptsNow()).toEqual(shellScripts);
  // The sign-in page of the auth remote's own came with the deploy.
  await page.goto('/login');
  await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', deployed!);
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await page.goto('/forgotpassword');

  deployRemote('auth', '--rollback', '--skip-smoke');
  expect(liveMap().auth?.version).toBe(before);
  await page.reload();
  await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', before!);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.goto('/login');
  await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', before!);

  const listed = execFileSync('npm', ['run', '--silent', 'remotes'], { cwd: repoRoot, env: { ...process.env, ...portalEnv }, encoding: 'utf8' });
  expect(listed).toMatch(new RegExp(`\\* live\\s+${before}`));
  expect(listed).toContain(deployed!);
});

/** A second origin serving a folder, as a CDN would: any page may fetch the manifest (CORS). */
function startStaticServer(root: string): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    res.setHeader('access-control-allow-origin', '*');
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('a remote served from another origin is used in the portal, then rolled back to the local copy', async ({ page }) => {
  test.setTimeout(180_000);
  const cdnRoot = mkdtempSync(join(tmpdir(), 'portal-cdn-'));
  const server = await startStaticServer(cdnRoot);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const local = liveMap().auth!;
    await deployRemoteAsync('auth', '--to', local.version, '--publish-url', `${origin}/auth/`, '--copy-to', join(cdnRoot, 'auth'));
    expect(liveMap().auth?.entry).toBe(`${origin}/auth/mf-manifest.json`);

    const fromCdn: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(origin) && response.ok()) fromCdn.push(new URL(response.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', local.version);
    expect(fromCdn).toEqual(expect.arrayContaining(['/auth/mf-manifest.json', '/auth/remoteEntry.js']));
    // The other origin's screen works: signing in through it.
    await submitSignIn(page, demoUsers.agent, demoPassword);
    await expectSignedInHeader(page);

    deployRemote('auth', '--rollback', '--skip-smoke');
    expect(liveMap().auth?.entry).toBe(local.entry);
    fromCdn.length = 0;
    await page.context().clearCookies();
    await page.goto('/login');
    await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', local.version);
    expect(fromCdn).toEqual([]);
  } finally {
    if (!liveMap().auth?.entry.startsWith('/remotes/')) deployRemote('auth', '--rollback', '--skip-smoke');
    server.close();
    rmSync(cdnRoot, { recursive: true, force: true });
  }
});
