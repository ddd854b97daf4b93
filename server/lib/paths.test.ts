import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { appDir, devPortOf, isRemoteApp, REMOTE_NAMES, REMOTES, repoRoot } from './paths.js';

describe('the one list of remotes', () => {
  it('names each remote once, on its own dev port, next to the shell (3000)', () => {
    assert.deepEqual(new Set(REMOTE_NAMES).size, REMOTE_NAMES.length);
    const ports = REMOTES.map((remote) => remote.devPort);
    assert.equal(new Set([3000, ...ports]).size, ports.length + 1);
  });

  it("points at each remote's folder, which builds with the shared config", () => {
    for (const name of REMOTE_NAMES) {
      assert.ok(existsSync(path.join(appDir(name), 'rspack.config.cjs')), `${name}: no rspack.config.cjs`);
      assert.ok(existsSync(path.join(appDir(name), 'src', 'routes.tsx')), `${name}: no src/routes.tsx`);
    }
  });

  it('has each remote folder among the npm workspaces', () => {
    const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    const covered = (folder: string) =>
      root.workspaces.some((pattern) => pattern === folder || (pattern.endsWith('*') && folder.startsWith(pattern.slice(0, -1))));
    for (const remote of REMOTES) assert.ok(covered(remote.folder), `${remote.folder} is not a workspace`);
  });

  it('answers dev ports and rejects unknown names', () => {
    assert.equal(devPortOf('tickets'), 3003);
    assert.equal(isRemoteApp('tickets'), true);
    assert.equal(isRemoteApp('nope'), false);
    assert.throws(() => appDir('nope'), /remotes\.json/);
  });
});
