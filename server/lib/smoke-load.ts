import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { chromium } from 'playwright-core';
import type { RemoteMapEntry } from '@portal/contract';
import { CHROMIUM_ARGS, chromiumPath } from './headless-chromium.js';
import { REMOTES, type RemoteApp, type RuntimeLayout } from './paths.js';
import { PRERENDER_FILE, type PrerenderFile } from './prerender.js';
import { readRemotesMap } from './remotes-map.js';
import { registerFrontEnd } from './serve-front-end.js';

// The smoke load before a remote goes live (docs/deploying-a-remote.md#the-smoke-load): a throwaway portal (the
// live shell's build, the live remotes map with the new entry in it, a fresh demo database in a temp
// folder) is opened in a headless Chromium the way a user would: signed in as the demo admin unless the
// page is public, on the remote's smoke page, and signed out on every public path the new version serves
// with a page of its own (the auth remote's sign-in page). The remote must render its new version on
// each, with no error panel and no uncaught error, or nothing goes live.

const SMOKE_TIMEOUT_MS = 30_000;

/**
 * The public paths a deployed version serves with a page of its own, without the shell (its
 * prerender.json `scripts`: page-hints.ts prerenderedPage). None for a remote on another origin.
 */
export function ownPagePaths(deployDir: string, entry: RemoteMapEntry): string[] {
  if (!entry.entry.startsWith('/remotes/')) return [];
  const versionDir = path.dirname(path.resolve(deployDir, `.${entry.entry.slice('/remotes'.length)}`));
  try {
    return Object.keys((JSON.parse(readFileSync(path.join(versionDir, PRERENDER_FILE), 'utf8')) as PrerenderFile).scripts ?? {});
  } catch {
    return [];
  }
}

export async function smokeLoad(options: {
  remote: RemoteApp;
  entry: RemoteMapEntry;
  layout: RuntimeLayout;
  log?: (line: string) => void;
}): Promise<void> {
  const { remote, entry, layout } = options;
  const listed = REMOTES.find((candidate) => candidate.name === remote);
  const page = listed?.smoke;
  if (!page) throw new Error(`${remote} has no smoke page in shared/build-config/remotes.json ("smoke": { "path": …, "public": … }).`);
  if (!existsSync(chromiumPath())) {
    throw new Error(`No Chromium at ${chromiumPath()} for the smoke load (apt-get install -y chromium, or set CHROMIUM_PATH); --skip-smoke goes live without it.`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), `portal-smoke-${remote}-`));
  const mapPath = path.join(dir, 'remotes.json');
  writeFileSync(mapPath, `${JSON.stringify({ ...readRemotesMap(layout.remotesMapPath), [remote]: entry }, null, 2)}\n`);
  // The throwaway's demo database is the smoke page's data; the demo is never seeded under
  // NODE_ENV=production, which a real deploy runs with, so this process (the deploy command, serving
  // nothing else) drops it while the throwaway opens.
  const nodeEnv = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  const app = await createPortalApi({ dataDir: path.join(dir, 'data'), seedDemo: true, runJobs: false, mailTransport: null }).finally(() => {
    if (nodeEnv !== undefined) process.env.NODE_ENV = nodeEnv;
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    await registerFrontEnd(app, { ...layout, remotesMapPath: mapPath });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const context = await browser.newContext({ baseURL: address });
    const tab = await context.newPage();
    const failures: string[] = [];
    tab.on('pageerror', (error) => failures.push(`uncaught: ${error.message}`));
    const rendered = tab.locator(`[data-remote="${remote}"][data-remote-version="${entry.version}"]`);
    const failed = tab.getByTestId('remote-error');
    const checkPage = async (urlPath: string) => {
      await tab.goto(urlPath);
      await Promise.race([rendered.waitFor({ timeout: SMOKE_TIMEOUT_MS }), failed.waitFor({ timeout: SMOKE_TIMEOUT_MS })]).catch(() => undefined);
      if (await failed.isVisible()) failures.push(`the error panel on ${urlPath}: ${(await failed.innerText()).replace(/\s+/g, ' ')}`);
      else if (!(await rendered.isVisible())) failures.push(`${remote} ${entry.version} did not render on ${urlPath} within ${SMOKE_TIMEOUT_MS / 1000} s`);
    };
    // Signed out: the server sends a page of the remote's own only to a visitor without a session.
    const ownPages = ownPagePaths(layout.deployDir, entry).filter((urlPath) => urlPath !== page.path);
    for (const urlPath of ownPages) await checkPage(urlPath);
    if (!page.public) {
      // Through the login screen, as a user: the shell keeps who is signed in in the page's session
      // store, so a session cookie alone lands on /login.
      await tab.goto('/login');
      await tab.getByLabel('Username').fill('admin@demo.test');
      await tab.getByLabel('Password').fill('portal-demo');
      await tab.getByRole('button', { name: 'Sign In', exact: true }).click();
      await tab.waitForURL((url) => url.pathname !== '/login', { timeout: SMOKE_TIMEOUT_MS }).catch(() => {
        throw new Error(`The smoke load of ${remote} ${entry.version} could not sign in as the demo admin on /login; nothing was changed.`);
      });
    }
    await checkPage(page.path);
    if (failures.length > 0) throw new Error(`The smoke load of ${remote} ${entry.version} on ${[...ownPages, page.path].join(', ')} failed; nothing was changed:\n  - ${failures.join('\n  - ')}`);
    const own = ownPages.length > 0 ? `, and ${ownPages.join(', ')} (its own pages)` : '';
    options.log?.(`  smoke load: ${remote} ${entry.version} rendered ${page.path}${page.public ? '' : ' as the demo admin'}${own}`);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
