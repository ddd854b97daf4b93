import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { jsonForHtml, pageHints, prerenderedPage, remoteOwning, STARTUP_FILES } from './page-hints.js';
import { PRERENDER_FILE } from './prerender.js';

describe('remoteOwning', () => {
  it('answers the remote whose most specific route matches, as the shell does', () => {
    assert.equal(remoteOwning('/login'), 'auth');
    assert.equal(remoteOwning('/'), 'auth');
    assert.equal(remoteOwning('/clients/1'), 'dashboards');
    assert.equal(remoteOwning('/clients/1/tickets/9'), 'tickets');
    assert.equal(remoteOwning('/clients/1/info'), 'companies');
    assert.equal(remoteOwning('/admins/settings/crm/direct'), 'admin');
    assert.equal(remoteOwning('/Admins/Invoices'), 'billing');
    assert.equal(remoteOwning('/nowhere/at/all'), undefined);
  });
});

describe('jsonForHtml', () => {
  it('cannot end the element it sits in', () => {
    const text = jsonForHtml({ a: '</script><!--', b: '\u2028' });
    assert.doesNotMatch(text, /[<\u2028]/);
    assert.deepEqual(JSON.parse(text), { a: '</script><!--', b: '\u2028' });
  });
});

function portalOnDisk(options: { shellStartup?: string[]; authRoutes?: string[] }) {
  const root = mkdtempSync(path.join(tmpdir(), 'page-hints-'));
  const shellRoot = path.join(root, 'shell');
  const deployRoot = path.join(root, 'deploy');
  const version = path.join(deployRoot, 'auth', 'v1');
  mkdirSync(shellRoot, { recursive: true });
  mkdirSync(version, { recursive: true });
  if (options.shellStartup) writeFileSync(path.join(shellRoot, STARTUP_FILES), JSON.stringify({ startup: options.shellStartup }));
  writeFileSync(
    path.join(version, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'routes', assets: { js: { sync: ['from-manifest.js'] } } }],
    }),
  );
  if (options.authRoutes) writeFileSync(path.join(version, STARTUP_FILES), JSON.stringify({ routes: options.authRoutes }));
  const mapPath = path.join(root, 'remotes.json');
  writeFileSync(mapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } }));
  return { mapPath, deployRoot, shellRoot };
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(?:script|style)">/g)].map((match) => match[1]);

describe('pageHints', () => {
  it("preloads the shell's start-up chunks, then the owning remote's entry and the chunks its build lists", async () => {
    const sources = portalOnDisk({ shellStartup: ['bootstrap.1.js', 'bootstrap.1.css', '275.2.js'], authRoutes: ['719.3.js', '__federation_expose_routes.4.js'] });
    const html = await pageHints(sources, '/login');
    assert.deepEqual(preloads(html), [
      '/bootstrap.1.js',
      '/bootstrap.1.css',
      '/275.2.js',
      '/remotes/auth/v1/remoteEntry.js',
      '/remotes/auth/v1/719.3.js',
      '/remotes/auth/v1/__federation_expose_routes.4.js',
    ]);
    assert.match(html, /<link rel="preload" href="\/bootstrap.1.css" as="style">/);
    assert.match(html, /<script type="application\/json" id="portal-remotes">/);
    assert.match(html, /<link rel="preload" href="\/remotes\/auth\/v1\/mf-manifest.json" as="fetch" crossorigin="anonymous">/);
  });

  it('preloads only stylesheets and the manifest for a page rendered at build time: its scripts would hold the first paint back', async () => {
    const sources = portalOnDisk({ shellStartup: ['bootstrap.1.js', 'bootstrap.1.css', '275.2.js'], authRoutes: ['719.3.js'] });
    const html = await pageHints(sources, '/login', { scripts: false });
    assert.deepEqual(preloads(html), ['/bootstrap.1.css']);
    assert.doesNotMatch(html, /as="script"/);
    assert.match(html, /<script type="application\/json" id="portal-remotes">/);
    assert.match(html, /<link rel="preload" href="\/remotes\/auth\/v1\/mf-manifest.json" as="fetch" crossorigin="anonymous">/);
  });

  it("falls back to the manifest's list for a remote built before startup-files.json, and to none for the shell", async () => {
    const html = await pageHints(portalOnDisk({}), '/login');
    assert.deepEqual(preloads(html), ['/remotes/auth/v1/remoteEntry.js', '/remotes/auth/v1/from-manifest.js']);
  });

  it("preloads only the shell's chunks for a page no remote owns", async () => {
    const html = await pageHints(portalOnDisk({ shellStartup: ['bootstrap.1.js'] }), '/nowhere/at/all');
    assert.deepEqual(preloads(html), ['/bootstrap.1.js']);
  });
});

describe('prerenderedPage', () => {
  const frame = { css: 'prerender.f.css', pages: { '/': '<header>Portal</header><main><template data-portal-slot=""></template></main>' } };
  const auth = { css: 'prerender.a.css', pages: { '/login': '<h1>Please Log In</h1>' } };

  it("writes the owning remote's page into the shell's frame, with the stylesheets both need", async () => {
    const sources = portalOnDisk({ shellStartup: ['bootstrap.1.js', 'bootstrap.1.css'] });
    writeFileSync(path.join(sources.shellRoot, PRERENDER_FILE), JSON.stringify(frame));
    writeFileSync(path.join(sources.deployRoot, 'auth', 'v1', PRERENDER_FILE), JSON.stringify(auth));
    const page = await prerenderedPage(sources, '/login');
    assert.equal(page?.root, '<header>Portal</header><main><h1>Please Log In</h1></main>');
    assert.equal(
      page?.head,
      '<link rel="stylesheet" href="/bootstrap.1.css"><link rel="stylesheet" href="/prerender.f.css">' +
        '<link rel="stylesheet" href="/remotes/auth/v1/prerender.a.css">',
    );
    // A path the remote did not prerender, and one no remote owns, get the plain page.
    assert.equal(await prerenderedPage(sources, '/register'), undefined);
    assert.equal(await prerenderedPage(sources, '/nowhere/at/all'), undefined);
  });

  it("gives a path the remote runs a page of its own on that page's scripts, and its markup in an element of its own", async () => {
    const sources = portalOnDisk({ shellStartup: ['bootstrap.1.css'] });
    writeFileSync(path.join(sources.shellRoot, PRERENDER_FILE), JSON.stringify(frame));
    const scripts = { '/login': { run: ['page/sign-in.1.js'], preload: ['page/76.2.js', 'page/sign-in-app.3.js'] } };
    writeFileSync(path.join(sources.deployRoot, 'auth', 'v1', PRERENDER_FILE), JSON.stringify({ ...auth, pages: { ...auth.pages, '/forgotpassword': '<h1>Forgot</h1>' }, scripts }));
    const page = await prerenderedPage(sources, '/login');
    assert.equal(page?.root, '<header>Portal</header><main><div data-portal-page=""><h1>Please Log In</h1></div></main>');
    assert.deepEqual(page?.scripts, {
      run: ['/remotes/auth/v1/page/sign-in.1.js'],
      preload: ['/remotes/auth/v1/page/76.2.js', '/remotes/auth/v1/page/sign-in-app.3.js'],
    });
    // Another of its prerendered pages still runs the shell.
    const other = await prerenderedPage(sources, '/forgotpassword');
    assert.equal(other?.scripts, undefined);
    assert.equal(other?.root, '<header>Portal</header><main><h1>Forgot</h1></main>');
  });

  it('gives none without the remote\'s or the shell\'s prerender.json', async () => {
    const withoutRemote = portalOnDisk({});
    writeFileSync(path.join(withoutRemote.shellRoot, PRERENDER_FILE), JSON.stringify(frame));
    assert.equal(await prerenderedPage(withoutRemote, '/login'), undefined);
    const withoutShell = portalOnDisk({});
    writeFileSync(path.join(withoutShell.deployRoot, 'auth', 'v1', PRERENDER_FILE), JSON.stringify(auth));
    assert.equal(await prerenderedPage(withoutShell, '/login'), undefined);
  });
});
