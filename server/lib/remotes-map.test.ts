import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readRemotesMap, setRemoteEntry } from './remotes-map.js';

describe('remotes map', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'remotes-map-'));
  const mapPath = path.join(dir, 'nested', 'remotes.json');
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a missing map as empty', () => {
    assert.deepEqual(readRemotesMap(mapPath), {});
  });

  it('repoints one remote and keeps the others', async () => {
    await setRemoteEntry(mapPath, 'auth', { entry: '/remotes/auth/a/mf-manifest.json', version: 'a' });
    await setRemoteEntry(mapPath, 'dashboards', { entry: '/remotes/dashboards/d/mf-manifest.json', version: 'd' });
    await setRemoteEntry(mapPath, 'auth', { entry: '/remotes/auth/b/mf-manifest.json', version: 'b' });
    assert.deepEqual(readRemotesMap(mapPath), {
      auth: { entry: '/remotes/auth/b/mf-manifest.json', version: 'b' },
      dashboards: { entry: '/remotes/dashboards/d/mf-manifest.json', version: 'd' },
    });
    assert.deepEqual(readdirSync(path.dirname(mapPath)), ['remotes.json']);
  });

  it('serializes concurrent deploys: no update is lost', async () => {
    const names = ['auth', 'dashboards', 'tickets', 'companies', 'admin', 'billing'];
    await Promise.all(names.map((name) => setRemoteEntry(mapPath, name, { entry: `/remotes/${name}/v/mf-manifest.json`, version: 'v' })));
    assert.deepEqual(Object.keys(readRemotesMap(mapPath)).sort(), [...names].sort());
  });

  it('takes over a lock left by a crashed deploy', async () => {
    writeFileSync(`${mapPath}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${mapPath}.lock`, old, old);
    await setRemoteEntry(mapPath, 'auth', { entry: '/remotes/auth/c/mf-manifest.json', version: 'c' });
    assert.equal(readRemotesMap(mapPath).auth?.version, 'c');
  });
});
