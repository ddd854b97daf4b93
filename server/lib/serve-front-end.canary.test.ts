import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { securityHeadersPlugin } from '@portal/api';
import { inCanary } from '@portal/domain';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServedCanary } from './canary-map.js';
import type { RuntimeLayout } from './paths.js';
import { registerFrontEnd } from './serve-front-end.js';

// The remotes map and the pages a visitor is served while a remote has a canary (docs/deploying-a-remote.md#canary-releases).
describe('registerFrontEnd: the visitor\'s map while a canary runs', () => {
  let root: string;
  let app: FastifyInstance;
  let canaries: ServedCanary[] | Error = [];
  const live = {
    auth: { entry: '/remotes/auth/a1/mf-manifest.json', version: 'a1' },
    billing: { entry: '/remotes/billing/b1/mf-manifest.json', version: 'b1' },
  };
  const billingCanary = { remote: 'billing', version: 'b2', entry: '/remotes/billing/b2/mf-manifest.json', share: 50 };
  const authCanary = { remote: 'auth', version: 'a2', entry: '/remotes/auth/a2/mf-manifest.json', share: 50 };
  // Signed-in visitors, as the API's auth plugin resolves their sessions: the contact ids 1 to 40.
  const contactOf = (request: FastifyRequest) => Number(/portal_session=c(\d+)/.exec(request.headers.cookie ?? '')?.[1] ?? 0);
  const contacts = Array.from({ length: 40 }, (_, n) => n + 1);
  const inside = contacts.find((id) => inCanary(`contact:${id}`, 50))!;
  const outside = contacts.find((id) => !inCanary(`contact:${id}`, 50))!;

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'serve-canary-'));
    const layout: RuntimeLayout = {
      dataDir: root, deployDir: path.join(root, 'deploy'), remotesMapPath: path.join(root, 'remotes.json'), shellDist: path.join(root, 'shell'),
    };
    mkdirSync(layout.shellDist, { recursive: true });
    writeFileSync(path.join(layout.shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(layout.shellDist, 'prerender.json'), JSON.stringify({ css: 'prerender.f.css', pages: { '/': '<main><template data-portal-slot=""></template></main>' } }));
    for (const [remote, version] of [['auth', 'a1'], ['auth', 'a2'], ['billing', 'b1'], ['billing', 'b2']] as const) {
      const dir = path.join(layout.deployDir, remote, version);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ name: 'routes', assets: { js: { sync: [`routes.${version}.js`] } } }],
      }));
      writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify({ css: `prerender.${version}.css`, pages: { '/login': `<h1>Sign in ${version}</h1>` } }));
    }
    writeFileSync(layout.remotesMapPath, JSON.stringify(live));

    app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl: 'http://127.0.0.1:8080' });
    // What the API decorates: its releases repository (the database's canaries) and the session's viewer.
    const releases = { canaries: async () => { if (canaries instanceof Error) throw canaries; return canaries; } };
    app.decorate('repos', { releases } as unknown as FastifyInstance['repos']);
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      const contactId = contactOf(request);
      if (contactId) request.viewer = { contactId, groupId: 1, companyIds: [], primaryCompanyIds: [] };
    });
    await registerFrontEnd(app, layout);
    await app.ready();
  });
  beforeEach(() => {
    canaries = [billingCanary];
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const mapOf = async (cookie?: string) => {
    const answer = await app.inject({ url: '/remotes.json', headers: cookie ? { cookie } : {} });
    return { answer, map: answer.json() as Record<string, { entry: string; version: string; canary?: true }> };
  };
  const blockOf = (html: string) => JSON.parse(/<script type="application\/json" id="portal-remotes">(.*?)<\/script>/.exec(html)![1]!) as Record<string, { version: string }>;

  it('serves a signed-in person the canary when their contact is in its share, marked, privately; the others the live map', async () => {
    const picked = await mapOf(`portal_session=c${inside}`);
    assert.deepEqual(picked.map, { ...live, billing: { entry: billingCanary.entry, version: 'b2', canary: true } });
    assert.equal(picked.answer.headers['cache-control'], 'private, no-store');
    assert.equal(picked.answer.headers['set-cookie'], undefined);
    const other = await mapOf(`portal_session=c${outside}`);
    assert.deepEqual(other.map, live);
    assert.equal(other.answer.headers['cache-control'], 'private, no-store');
    // Stable: the same person, the same version, every time.
    for (let n = 0; n < 3; n += 1) assert.equal((await mapOf(`portal_session=c${inside}`)).map.billing?.version, 'b2');
  });

  it('gives a signed-out browser a device cookie and buckets it by that, the same on every later request', async () => {
    const first = await mapOf();
    const setCookie = first.answer.headers['set-cookie'] as string;
    assert.match(setCookie, /^portal_device=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const device = /^portal_device=([^;]+)/.exec(setCookie)![1]!;
    const expected = inCanary(`device:${device}`, 50) ? 'b2' : 'b1';
    assert.equal(first.map.billing?.version, expected);
    const again = await mapOf(`portal_device=${device}`);
    assert.equal(again.answer.headers['set-cookie'], undefined);
    assert.equal(again.map.billing?.version, expected);
    // A device in the share, one out of it.
    const devices = Array.from({ length: 60 }, (_, n) => `device-id-number-${String(n).padStart(4, '0')}`);
    const deviceIn = devices.find((id) => inCanary(`device:${id}`, 50))!;
    const deviceOut = devices.find((id) => !inCanary(`device:${id}`, 50))!;
    assert.equal((await mapOf(`portal_device=${deviceIn}`)).map.billing?.version, 'b2');
    assert.equal((await mapOf(`portal_device=${deviceOut}`)).map.billing?.version, 'b1');
  });

  it("writes the page for the visitor's version: the map block, the preloads and the prerendered page", async () => {
    const page = await app.inject({ url: '/admins/invoices', headers: { accept: 'text/html', cookie: `portal_session=c${inside}` } });
    assert.equal(page.headers['cache-control'], 'private, no-cache');
    assert.equal(blockOf(page.body).billing?.version, 'b2');
    assert.match(page.body, /<link rel="preload" href="\/remotes\/billing\/b2\/mf-manifest.json" as="fetch"/);
    assert.match(page.body, /<link rel="preload" href="\/remotes\/billing\/b2\/routes.b2.js" as="script">/);
    assert.doesNotMatch(page.body, /billing\/b1/);
    const other = await app.inject({ url: '/admins/invoices', headers: { accept: 'text/html', cookie: `portal_session=c${outside}` } });
    assert.equal(blockOf(other.body).billing?.version, 'b1');
    assert.match(other.body, /<link rel="preload" href="\/remotes\/billing\/b1\/routes.b1.js" as="script">/);

    // A signed-out visitor's page written at build time comes from the version they are served.
    canaries = [authCanary];
    const devices = Array.from({ length: 60 }, (_, n) => `device-id-number-${String(n).padStart(4, '0')}`);
    for (const device of [devices.find((id) => inCanary(`device:${id}`, 50))!, devices.find((id) => !inCanary(`device:${id}`, 50))!]) {
      const version = inCanary(`device:${device}`, 50) ? 'a2' : 'a1';
      const login = await app.inject({ url: '/login', headers: { accept: 'text/html', cookie: `portal_device=${device}` } });
      assert.match(login.body, new RegExp(`<div id="root"><main><h1>Sign in ${version}</h1></main></div>`));
      assert.match(login.body, new RegExp(`<link rel="stylesheet" href="/remotes/auth/${version}/prerender.${version}.css">`));
      assert.equal(blockOf(login.body).auth?.version, version);
      assert.equal(login.headers['cache-control'], 'private, no-cache');
    }
  });

  it('serves the live map as before when no canary runs, or the canaries cannot be read, and no cookie', async () => {
    for (const none of [[], new Error('database down')]) {
      canaries = none;
      const { answer, map } = await mapOf();
      assert.deepEqual(map, live);
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['set-cookie'], undefined);
      const page = await app.inject({ url: '/admins/invoices', headers: { accept: 'text/html' } });
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.equal(page.headers['set-cookie'], undefined);
    }
  });

  it('never serves a canary of a remote that is not live', async () => {
    canaries = [{ ...billingCanary, remote: 'tickets', entry: '/remotes/tickets/t2/mf-manifest.json', version: 't2', share: 99 }];
    const { map } = await mapOf(`portal_session=c${inside}`);
    assert.deepEqual(map, live);
  });
});
