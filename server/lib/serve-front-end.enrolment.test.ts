import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPortalApi } from '@portal/api';
import { SECURITY_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { registerFrontEnd } from './serve-front-end.js';

// docs/product/accounts-and-roles.md#account-security: while the admins' policy waits for a second factor, every page
// sends the user to the Security page. The pages are the shell's (its route guard does the sending); only the API's
// other routes refuse them. The real API with the front end on it, as server/start.ts serves them.

describe('pages of a staff member who must enrol a second factor', () => {
  let root: string;
  let app: FastifyInstance;
  let cookie: string;

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-enrolment-pages-'));
    const shellDist = path.join(root, 'shell');
    const deployDir = path.join(root, 'deploy');
    mkdirSync(shellDist, { recursive: true });
    mkdirSync(path.join(deployDir, 'auth', 'v1'), { recursive: true });
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(shellDist, 'main.js'), 'console.log("shell");');
    writeFileSync(path.join(deployDir, 'auth', 'v1', 'mf-manifest.json'), '{}');
    const remotesMapPath = path.join(root, 'remotes.json');
    writeFileSync(remotesMapPath, JSON.stringify({ auth: { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' } }));

    app = await createPortalApi({ databaseUrl: 'sqlite', dataDir: root, seedDemo: true, runJobs: false });
    await registerFrontEnd(app, { dataDir: root, deployDir, remotesMapPath, shellDist });
    await app.repos.options.save(app.db, 'security-policy', { require_staff_second_factor: true });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'agent@demo.test', password: 'portal-demo' } });
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.equal(signIn.json<{ enrol_required: boolean }>().enrol_required, true);
    const session = signIn.cookies.find((c) => c.name === 'portal_session');
    assert.ok(session);
    cookie = `portal_session=${session.value}`;
  });

  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html') => app.inject({ url, headers: { cookie, accept } });

  it('answers every page with the shell, which sends them to the Security page', async () => {
    for (const url of ['/', '/agents', '/security', '/login', '/index.html', '/tickets/7']) {
      const page = await get(url);
      assert.equal(page.statusCode, 200, `${url}: ${page.body}`);
      assert.match(String(page.headers['content-type']), /^text\/html/, url);
      assert.match(page.body, /<div id="root"><\/div>/, url);
    }
  });

  it('serves the front end the Security page is made of', async () => {
    assert.equal((await get('/main.js', '*/*')).statusCode, 200);
    assert.equal((await get('/remotes.json', 'application/json')).statusCode, 200);
    assert.equal((await get('/remotes/auth/v1/mf-manifest.json', 'application/json')).statusCode, 200);
  });

  it('keeps refusing the API beyond enrolment, who-am-I and sign-out', async () => {
    const refused = await get('/api/company', 'application/json');
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json<{ error: string }>().error, SECURITY_MESSAGES.enrolRequired);
    // A path the router decodes (`%61` is `a`) is the same route: refused all the same (or as not canonical).
    const spelt = await get('/%61pi/company', 'application/json');
    assert.ok([400, 403].includes(spelt.statusCode), spelt.body);
    assert.equal((await get('/api/auth/me', 'application/json')).json<{ enrol_required: boolean }>().enrol_required, true);
    assert.equal((await get('/api/account/security', 'application/json')).statusCode, 200);
  });

  it('lets them sign out', async () => {
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    assert.ok(out.statusCode < 300, out.body);
    assert.equal((await get('/api/auth/me', 'application/json')).statusCode, 401);
    assert.equal((await get('/agents')).statusCode, 200);
  });
});
