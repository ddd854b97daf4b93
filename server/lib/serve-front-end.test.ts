import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { securityHeadersPlugin } from '@portal/api';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { RuntimeLayout } from './paths.js';
import { registerFrontEnd } from './serve-front-end.js';

const ASSET = 'main.0123abcd.js';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('registerFrontEnd', () => {
  let root: string;
  let app: FastifyInstance;
  let layout: RuntimeLayout;

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'serve-front-end-'));
    layout = {
      dataDir: root,
      deployDir: path.join(root, 'deploy'),
      remotesMapPath: path.join(root, 'remotes.json'),
      shellDist: path.join(root, 'shell'),
    };
    mkdirSync(layout.shellDist, { recursive: true });
    writeFileSync(path.join(layout.shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(layout.shellDist, ASSET), SCRIPT);
    const remoteDir = path.join(layout.deployDir, 'auth', 'v1');
    mkdirSync(remoteDir, { recursive: true });
    writeFileSync(path.join(remoteDir, 'mf-manifest.json'), '{"id":"auth"}');
    writeFileSync(path.join(remoteDir, 'remoteEntry.js'), SCRIPT);
    writeFileSync(path.join(root, 'secret.txt'), 'secret');

    app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl: 'http://127.0.0.1:8080' });
    app.get('/api/health', async () => ({ status: 'ok' }));
    await registerFrontEnd(app, layout);
    await app.ready();
  });

  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the remotes map uncached, and an empty map before any deploy', async () => {
    const empty = await app.inject('/remotes.json');
    assert.equal(empty.statusCode, 200);
    assert.equal(empty.headers['cache-control'], 'no-store');
    assert.deepEqual(empty.json(), {});

    const map = { auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } };
    writeFileSync(layout.remotesMapPath, JSON.stringify(map));
    const answer = await app.inject('/remotes.json');
    assert.deepEqual(answer.json(), map);
  });

  it('serves deployed remotes: versioned files for good, manifests revalidated', async () => {
    const entry = await app.inject('/remotes/auth/v1/remoteEntry.js');
    assert.equal(entry.statusCode, 200);
    assert.match(entry.headers['cache-control'] as string, /immutable/);
    const manifest = await app.inject('/remotes/auth/v1/mf-manifest.json');
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.equal((await app.inject('/remotes/auth/v2/remoteEntry.js')).statusCode, 404);
  });

  it('never serves a file outside its folders', async () => {
    for (const url of ['/remotes/../secret.txt', '/remotes/%2e%2e/secret.txt', '/remotes/auth/..%2f..%2fsecret.txt']) {
      const answer = await app.inject(url);
      assert.notEqual(answer.body, 'secret', url);
    }
  });

  it('serves the shell: hashed assets for good, compressed when asked', async () => {
    const asset = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['cache-control'] as string, /immutable/);
    assert.equal(asset.headers['content-encoding'], 'gzip');
  });

  it('answers every page with index.html, never cached, so deep links and reloads work', async () => {
    for (const url of ['/', '/login', '/clients/12/tickets', '/resetpassword/a.b.c']) {
      const answer = await app.inject({ url, headers: { accept: 'text/html' } });
      assert.equal(answer.statusCode, 200, url);
      assert.match(answer.body, /id="root"/, url);
      assert.equal(answer.headers['cache-control'], 'no-cache', url);
    }
  });

  it('gives a missing asset a 404 instead of the page, and leaves /api to the API', async () => {
    assert.equal((await app.inject('/main.deadbeef.js')).statusCode, 404);
    assert.equal((await app.inject('/api/health')).statusCode, 200);
    const unknown = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    assert.equal(unknown.statusCode, 404);
    assert.doesNotMatch(unknown.body, /id="root"/);
  });

  it('gives every page a fresh style nonce, in its meta tag and in its policy only', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const page = await app.inject({ url: '/tickets/1', headers: { accept: 'text/html' } });
      const nonce = /<head><meta name="csp-nonce" content="([^"]+)">/.exec(page.body)?.[1];
      assert.ok(nonce, page.body);
      nonces.add(nonce);
      assert.match(page.headers['content-security-policy'] as string, new RegExp(`style-src 'self' 'nonce-${nonce.replace(/[+/]/g, '\\$&')}';`));
    }
    assert.equal(nonces.size, 2);
    const direct = await app.inject('/index.html');
    assert.match(direct.headers['content-security-policy'] as string, /'nonce-/);
    const asset = await app.inject(`/${ASSET}`);
    assert.doesNotMatch(asset.headers['content-security-policy'] as string, /nonce/);
  });

  it('sends the security headers on assets, remotes, the map and API answers', async () => {
    for (const url of [`/${ASSET}`, '/remotes/auth/v1/remoteEntry.js', '/remotes.json', '/api/health', '/main.deadbeef.js']) {
      const answer = await app.inject(url);
      assert.match(answer.headers['content-security-policy'] as string, /frame-ancestors 'none'/, url);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    }
  });

  it('allows the origins the remotes map points at, read again when the map changes', async () => {
    const policy = async () => (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    writeFileSync(layout.remotesMapPath, JSON.stringify({
      auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' },
      tickets: { entry: 'https://cdn.example/tickets/2/mf-manifest.json', version: '2' },
    }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.match(await policy(), /script-src 'self' https:\/\/cdn\.example;/);
    writeFileSync(layout.remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.match(await policy(), /script-src 'self';/);
  });

  it('puts the remotes map as read now and preloads of the remote owning the page in the page', async () => {
    const billingDir = path.join(layout.deployDir, 'billing', 'v3');
    mkdirSync(billingDir, { recursive: true });
    writeFileSync(path.join(billingDir, 'mf-manifest.json'), JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'routes', assets: { js: { sync: ['12.ab.js', '__federation_expose_routes.cd.js'], async: ['99.ef.js'] } } }],
    }));
    const billing = { entry: '/remotes/billing/v3/mf-manifest.json', version: 'v3</script><script>alert(1)</script>' };
    writeFileSync(layout.remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' }, billing }));

    const page = (await app.inject({ url: '/admins/invoices/7', headers: { accept: 'text/html' } })).body;
    const block = /<script type="application\/json" id="portal-remotes">(.*?)<\/script>/.exec(page)?.[1];
    assert.ok(block, page);
    assert.doesNotMatch(block, /</);
    assert.deepEqual(JSON.parse(block).billing, billing);
    const preloads = [...page.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((match) => `${match[2]} ${match[1]}`);
    assert.deepEqual(preloads, [
      'fetch /remotes/billing/v3/mf-manifest.json',
      'script /remotes/billing/v3/remoteEntry.js',
      'script /remotes/billing/v3/12.ab.js',
      'script /remotes/billing/v3/__federation_expose_routes.cd.js',
    ]);
    assert.ok(page.indexOf('portal-remotes') < page.indexOf('</head>'));

    // A deploy repoints the map: the next page carries it, and a remote without a readable manifest still gets its manifest preloaded.
    writeFileSync(layout.remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } }));
    const login = (await app.inject({ url: '/login', headers: { accept: 'text/html' } })).body;
    assert.doesNotMatch(login, /billing/);
    assert.match(login, /<link rel="preload" href="\/remotes\/auth\/v1\/mf-manifest.json" as="fetch" crossorigin="anonymous">/);
    assert.doesNotMatch(login, /as="script"/);
  });

  it('leaves the data block out when the map cannot be read, so the shell fetches /remotes.json', async () => {
    writeFileSync(layout.remotesMapPath, '{ not json');
    const page = (await app.inject({ url: '/login', headers: { accept: 'text/html' } })).body;
    assert.doesNotMatch(page, /portal-remotes|rel="preload"/);
    assert.match(page, /id="root"/);
    writeFileSync(layout.remotesMapPath, '{}');
  });

  it('writes a prerendered public page into #root for a visitor without a session', async () => {
    writeFileSync(layout.remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } }));
    writeFileSync(path.join(layout.shellDist, 'prerender.json'), JSON.stringify({ css: 'prerender.f.css', pages: { '/': '<main><template data-portal-slot=""></template></main>' } }));
    writeFileSync(path.join(layout.deployDir, 'auth', 'v1', 'prerender.json'), JSON.stringify({ css: 'prerender.a.css', pages: { '/login': '<h1>Please Log In</h1>' } }));
    writeFileSync(path.join(layout.shellDist, 'startup-files.json'), JSON.stringify({ startup: ['bootstrap.1.js', 'bootstrap.1.css'] }));
    try {
      const page = (await app.inject({ url: '/login', headers: { accept: 'text/html' } })).body;
      assert.match(page, /<div id="root"><main><h1>Please Log In<\/h1><\/main><\/div>/);
      assert.match(page, /<link rel="stylesheet" href="\/remotes\/auth\/v1\/prerender.a.css">.*<\/head>/);
      // Its scripts are not preloaded: they would hold its first paint back. The same page signed in is the plain one, preloaded.
      assert.doesNotMatch(page, /<link rel="preload" [^>]*as="script"/);
      assert.match(page, /<link rel="preload" href="\/bootstrap.1.css" as="style">/);
      const signedIn = (await app.inject({ url: '/login', headers: { accept: 'text/html', cookie: 'a=1; portal_session=x' } })).body;
      assert.match(signedIn, /<div id="root"><\/div>/);
      assert.match(signedIn, /<link rel="preload" href="\/bootstrap.1.js" as="script">/);
      const register = (await app.inject({ url: '/register', headers: { accept: 'text/html' } })).body;
      assert.match(register, /<div id="root"><\/div>/);
    } finally {
      rmSync(path.join(layout.shellDist, 'prerender.json'));
      rmSync(path.join(layout.shellDist, 'startup-files.json'));
    }
  });

  it("runs a remote's page of its own instead of the shell where its build says so, with none of the shell's hints", async () => {
    const index = path.join(layout.shellDist, 'index.html');
    const plainIndex = readFileSync(index, 'utf8');
    writeFileSync(index, plainIndex.replace('</head>', '<script defer src="/main.1.js"></script></head>'));
    // A version of its own: the server reads a deployed version's prerender.json once.
    mkdirSync(path.join(layout.deployDir, 'auth', 'v2'), { recursive: true });
    writeFileSync(layout.remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v2/mf-manifest.json', version: 'v2' } }));
    writeFileSync(path.join(layout.shellDist, 'prerender.json'), JSON.stringify({ css: 'prerender.f.css', pages: { '/': '<main><template data-portal-slot=""></template></main>' } }));
    writeFileSync(path.join(layout.deployDir, 'auth', 'v2', 'prerender.json'), JSON.stringify({
      css: 'prerender.a.css',
      pages: { '/login': '<h1>Please Log In</h1>', '/forgotpassword': '<h1>Forgot</h1>' },
      scripts: { '/login': { run: ['page/sign-in.1.js'], preload: ['page/sign-in-app.2.js'] } },
    }));
    try {
      const page = (await app.inject({ url: '/login', headers: { accept: 'text/html' } })).body;
      assert.match(page, /<div id="root"><main><div data-portal-page=""><h1>Please Log In<\/h1><\/div><\/main><\/div>/);
      assert.deepEqual([...page.matchAll(/<script[^>]*>/g)].map((tag) => tag[0]), ['<script defer src="/remotes/auth/v2/page/sign-in.1.js">']);
      assert.match(page, /<link rel="preload" href="\/remotes\/auth\/v2\/page\/sign-in-app.2.js" as="script">/);
      assert.match(page, /<link rel="stylesheet" href="\/remotes\/auth\/v2\/prerender.a.css">/);
      // The map and the remote's manifest are the shell's: not on this page.
      assert.doesNotMatch(page, /portal-remotes|mf-manifest/);
      // Its other pages, and the same path for a visitor with a session, run the shell.
      const forgot = (await app.inject({ url: '/forgotpassword', headers: { accept: 'text/html' } })).body;
      assert.match(forgot, /<script defer src="\/main.1.js"><\/script>/);
      assert.doesNotMatch(forgot, /sign-in/);
      const signedIn = (await app.inject({ url: '/login', headers: { accept: 'text/html', cookie: 'portal_session=x' } })).body;
      assert.match(signedIn, /<script defer src="\/main.1.js"><\/script>/);
      assert.doesNotMatch(signedIn, /sign-in/);
    } finally {
      writeFileSync(index, plainIndex);
      rmSync(path.join(layout.shellDist, 'prerender.json'));
    }
  });
});

describe('registerFrontEnd: a signed-in first screen', () => {
  let root: string;
  let app: FastifyInstance;
  const asked: string[] = [];
  // Two sessions, as the API's auth plugin would resolve them: a client of company 1 and an admin.
  const viewers: Record<string, { contactId: number; groupId: number; companyIds: number[]; primaryCompanyIds: number[] }> = {
    client: { contactId: 5, groupId: 5, companyIds: [1], primaryCompanyIds: [1] },
    admin: { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] },
  };
  const sessionOf = (request: FastifyRequest) => /portal_session=(\w+)/.exec(request.headers.cookie ?? '')?.[1];

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'serve-signed-in-'));
    const layout: RuntimeLayout = {
      dataDir: root, deployDir: path.join(root, 'deploy'), remotesMapPath: path.join(root, 'remotes.json'), shellDist: path.join(root, 'shell'),
    };
    mkdirSync(layout.shellDist, { recursive: true });
    writeFileSync(path.join(layout.shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(layout.shellDist, 'prerender.json'), JSON.stringify({
      css: 'prerender.f.css',
      pages: { '/': '<main><template data-portal-slot=""></template></main>' },
      signedIn: {
        frame: '<p>Welcome, {{contact.first_name}}!</p><main><template data-portal-slot=""></template></main>',
        'frame-admin': '<p>Welcome, {{contact.first_name}}! Admin links</p><main><template data-portal-slot=""></template></main>',
      },
    }));
    const dashboards = path.join(layout.deployDir, 'dashboards', 'v1');
    mkdirSync(dashboards, { recursive: true });
    writeFileSync(path.join(dashboards, 'prerender.json'), JSON.stringify({
      css: 'prerender.d.css', pages: {}, signedIn: { '/clients/:companyId': '<h1>{{company.name}}</h1>', '/admins': '<h1>Admin Dashboard</h1>' },
      // The page's reads (prerender-worker.ts readTemplates): one the client may not make, which the API refuses.
      reads: {
        '/clients/:companyId': {
          staff: ['/company/%7BcompanyId%7D', '/company/%7BcompanyId%7D/tickets?completed_limit=0'],
          client: ['/company/%7BcompanyId%7D', '/company/%7BcompanyId%7D/tickets?completed_limit=0', '/contact/%7Bme%7D/private'],
        },
      },
    }));
    writeFileSync(layout.remotesMapPath, JSON.stringify({ dashboards: { entry: '/remotes/dashboards/v1/mf-manifest.json', version: 'v1' } }));

    app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl: 'http://127.0.0.1:8080' });
    app.decorateRequest('viewer', null);
    app.decorateRequest('enrolRequired', false);
    app.addHook('onRequest', async (request) => {
      const viewer = viewers[sessionOf(request) ?? ''];
      if (viewer) request.viewer = viewer;
    });
    // The API's answers to these reads, with its permission: a client reads its own company only.
    app.get('/api/auth/me', async (request) => {
      asked.push(`${sessionOf(request)} /auth/me`);
      return { contact: { first_name: sessionOf(request) === 'admin' ? 'Ada' : 'Casey <3' }, dashboard: sessionOf(request) === 'admin' ? '/admins' : '/clients' };
    });
    app.get('/api/company/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      asked.push(`${sessionOf(request)} /company/${request.params.id}`);
      const viewer = request.viewer;
      const id = Number(request.params.id);
      if (!viewer || (viewer.groupId === 5 && !viewer.companyIds.includes(id))) return reply.code(403).send({ error: 'no' });
      return { company_id: id, name: id === 1 ? 'Acme & Co' : 'Globex' };
    });
    app.get('/api/company/:id/tickets', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      asked.push(`${sessionOf(request)} /company/${request.params.id}/tickets`);
      return reply.header('etag', '"t1"').header('x-portal-seq', '42').send([{ ticket_id: 9, title: '</script><script>alert(1)</script>' }]);
    });
    app.get('/api/contact/:id/private', async (request, reply) => {
      asked.push(`${sessionOf(request)} /contact/private`);
      return reply.code(403).send({ error: 'no' });
    });
    await registerFrontEnd(app, layout);
    await app.ready();
  });

  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, session?: string) => app.inject({ url, headers: { accept: 'text/html', ...(session ? { cookie: `portal_session=${session}` } : {}) } });

  it("writes the visitor's first screen, filled from their own reads, and keeps the page out of shared caches", async () => {
    asked.length = 0;
    const answer = await page('/clients/1', 'client');
    assert.match(answer.body, /<div id="root"><p>Welcome, Casey &lt;3!<\/p><main><div data-portal-first-screen=""><h1>Acme &amp; Co<\/h1><\/div><\/main><\/div>/);
    assert.match(answer.body, /<link rel="stylesheet" href="\/remotes\/dashboards\/v1\/prerender.d.css">/);
    assert.equal(answer.headers['cache-control'], 'private, no-cache');
    // Each read once, though the heading and the page's data both read the company.
    assert.deepEqual(asked.filter((read) => !read.includes('tickets') && !read.includes('private')).sort(), ['client /auth/me', 'client /company/1']);

    const admin = await page('/admins', 'admin');
    assert.match(admin.body, /<p>Welcome, Ada! Admin links<\/p><main><div data-portal-first-screen=""><h1>Admin Dashboard<\/h1>/);
  });

  it("carries the answers of the page's reads that the API gave the visitor, each as it came, in a data block", async () => {
    const blockOf = (html: string) => {
      const block = /<script type="application\/json" id="portal-first-reads">(.*?)<\/script>/.exec(html)?.[1];
      return block === undefined ? undefined : (JSON.parse(block) as Record<string, { body: unknown; etag: string | null; seq: string | null }>);
    };
    const client = await page('/clients/1', 'client');
    assert.deepEqual(blockOf(client.body), {
      '/company/1': { body: { company_id: 1, name: 'Acme & Co' }, etag: null, seq: null },
      '/company/1/tickets?completed_limit=0': { body: [{ ticket_id: 9, title: '</script><script>alert(1)</script>' }], etag: '"t1"', seq: '42' },
    });
    // The refused read is left out (the page asks for it itself); nothing in the block can end the script element.
    assert.doesNotMatch(client.body, /alert\(1\)<\/script>/);
    assert.equal(client.headers['cache-control'], 'private, no-cache');
    // Staff read the staff keys; a route without reads, a refused page and a signed-out visitor get no block.
    assert.deepEqual(Object.keys(blockOf((await page('/clients/2', 'admin')).body) ?? {}), ['/company/2', '/company/2/tickets?completed_limit=0']);
    assert.equal(blockOf((await page('/admins', 'admin')).body), undefined);
    assert.equal(blockOf((await page('/clients/2', 'client')).body), undefined);
    assert.equal(blockOf((await page('/clients/1')).body), undefined);
  });

  it("writes nothing of a page the guard would send the visitor from, nor of one the API refuses them", async () => {
    asked.length = 0;
    // The shell's guard sends a client from another company's page to their own: nothing is read.
    for (const url of ['/clients/2', '/admins']) assert.match((await page(url, 'client')).body, /<div id="root"><\/div>/, url);
    assert.deepEqual(asked, []);
    // An admin may open any company's page; a refused read would give the plain page just the same.
    assert.match((await page('/clients/2', 'admin')).body, /<h1>Globex<\/h1>/);
    // A session cookie the API does not know, and an address with a query, get the plain page.
    assert.match((await page('/clients/1', 'stale')).body, /<div id="root"><\/div>/);
    assert.match((await page('/clients/1?tab=x', 'client')).body, /<div id="root"><\/div>/);
  });
});
