import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
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
    writeFileSync(path.join(layout.shellDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(layout.shellDist, ASSET), SCRIPT);
    const remoteDir = path.join(layout.deployDir, 'auth', 'v1');
    mkdirSync(remoteDir, { recursive: true });
    writeFileSync(path.join(remoteDir, 'mf-manifest.json'), '{"id":"auth"}');
    writeFileSync(path.join(remoteDir, 'remoteEntry.js'), SCRIPT);
    writeFileSync(path.join(root, 'secret.txt'), 'secret');

    app = Fastify();
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
});
