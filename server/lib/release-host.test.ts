import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Fastify from 'fastify';
import { createPortalApi, securityHeadersPlugin } from '@portal/api';
import { inCanary } from '@portal/domain';
import { readDeployLog } from './deploy.js';
import type { RuntimeLayout } from './paths.js';
import { layoutReleaseHost, type ReleaseHostOverLayout } from './release-host.js';
import { readRemotesMap, setRemoteEntry } from './remotes-map.js';
import { registerFrontEnd } from './serve-front-end.js';

describe('the release host over the layout (what the judge acts through)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'release-host-'));
  const layout: RuntimeLayout = {
    dataDir: root,
    deployDir: path.join(root, 'deploy'),
    remotesMapPath: path.join(root, 'deploy', 'remotes.json'),
    shellDist: path.join(root, 'shell'),
  };
  after(() => rmSync(root, { recursive: true, force: true }));
  const v1 = { entry: '/remotes/tickets/v1/mf-manifest.json', version: 'v1' };
  const v2 = { entry: '/remotes/tickets/v2/mf-manifest.json', version: 'v2' };

  it('reads the live map file, promotes into it once with the log line, and appends the judge\'s lines to the file', async () => {
    const host = layoutReleaseHost(layout);
    assert.deepEqual(await host.liveMap(), {});
    await setRemoteEntry(layout.remotesMapPath, 'tickets', v1);
    assert.deepEqual(await host.liveMap(), { tickets: v1 });

    const record = { by: 'system', action: 'auto-promote' as const, reason: 'failures 0.0 % of 60 loads against 0.0 % of 70 on the live version' };
    await host.makeLive('tickets', { ...v2, canary: true }, record);
    assert.deepEqual(readRemotesMap(layout.remotesMapPath), { tickets: v2 });
    // Every process may judge it healthy at once: the second promotion finds it live and writes nothing.
    await host.makeLive('tickets', v2, record);
    await assert.rejects(host.makeLive('nope', v2, record), /not a remote/);
    const line = { at: '2026-12-07T12:00:00.000Z', by: 'system', remote: 'tickets', action: 'auto-rollback' as const, version: 'v3', entry: '/remotes/tickets/v3/mf-manifest.json', previous: v2.entry, reason: 'failing' };
    host.logToFile(line);
    const log = readDeployLog(layout);
    assert.deepEqual(log.map((written) => [written.action, written.version, written.by, written.previous, written.reason]), [
      ['auto-promote', 'v2', 'system', v1.entry, record.reason],
      ['auto-rollback', 'v3', 'system', v2.entry, 'failing'],
    ]);
  });

  it('is given to the API by registerFrontEnd when the API judges canaries', async () => {
    mkdirSync(layout.shellDist, { recursive: true });
    writeFileSync(path.join(layout.shellDist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    const app = Fastify();
    let given: ReleaseHostOverLayout | undefined;
    app.decorate('releases', { host: null, useHost: (host: ReleaseHostOverLayout) => void (given = host) });
    await app.register(securityHeadersPlugin, { publicUrl: 'http://127.0.0.1:8080' });
    await registerFrontEnd(app, layout);
    await app.close();
    assert.ok(given);
    assert.deepEqual(await given.liveMap(), readRemotesMap(layout.remotesMapPath));
  });
  it('on the portal\'s API: the judge gets the host, and the database\'s canary is served to the people in its share', async () => {
    const api = await createPortalApi({ dataDir: path.join(root, 'portal'), runJobs: false, seedDemo: false });
    try {
      await setRemoteEntry(layout.remotesMapPath, 'tickets', v1);
      await registerFrontEnd(api, layout);
      assert.ok(api.releases.host);
      assert.deepEqual(await api.releases.host.liveMap(), { tickets: v1 });
      await api.repos.releases.startCanary({
        remote: 'tickets', version: 'v2', entry: v2.entry, share: 50, started_at: new Date().toISOString(), started_by: 'me', auto_promote_at: null,
      });
      const devices = Array.from({ length: 40 }, (_, n) => `device-id-number-${String(n).padStart(4, '0')}`);
      const picked = devices.find((id) => inCanary(`device:${id}`, 50))!;
      const other = devices.find((id) => !inCanary(`device:${id}`, 50))!;
      const served = async (device: string) => (await api.inject({ url: '/remotes.json', headers: { cookie: `portal_device=${device}` } })).json() as Record<string, unknown>;
      assert.deepEqual(await served(picked), { tickets: { ...v2, canary: true } });
      assert.deepEqual(await served(other), { tickets: v1 });
      // Aborted: everyone's next map is the live one.
      await api.repos.releases.endCanary('tickets', 'v2');
      assert.deepEqual(await served(picked), { tickets: v1 });
    } finally {
      await api.close();
    }
  });
});
