import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { contractRevision, extractContract } from './older-build.js';
import { repoRoot } from './paths.js';

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

describe('building a remote against an older @portal/contract', () => {
  it('takes the contract before its latest change by default, so the skew is real', () => {
    const [newest, previous] = git('log', '-n', '2', '--format=%H', '--', 'shared/contract').split('\n');
    assert.equal(contractRevision(), previous);
    assert.notEqual(git('rev-parse', `${newest}:shared/contract`), git('rev-parse', `${previous}:shared/contract`));
    assert.equal(contractRevision(previous!.slice(0, 10)), previous);
    assert.throws(() => contractRevision('no-such-revision'), /"no-such-revision" is no commit of this repository/);
  });

  it('writes the contract as of that commit into a temp folder', () => {
    const revision = contractRevision();
    const { dir, remove } = extractContract(revision);
    try {
      assert.equal(readFileSync(path.join(dir, 'src', 'remotes.ts'), 'utf8'), git('show', `${revision}:shared/contract/src/remotes.ts`) + '\n');
      assert.ok(existsSync(path.join(dir, 'package.json')));
    } finally {
      remove();
    }
    assert.equal(existsSync(dir), false);
  });

  it('fails with what to do in a shallow clone rather than building against the current contract', () => {
    const shallow = mkdtempSync(path.join(tmpdir(), 'portal-shallow-'));
    try {
      execFileSync('git', ['clone', '--quiet', '--depth', '1', '--no-checkout', `file://${repoRoot}`, shallow], { stdio: 'ignore' });
      assert.throws(() => contractRevision('previous', shallow), /this clone is shallow: run `git fetch --unshallow`/);
    } finally {
      rmSync(shallow, { recursive: true, force: true });
    }
  });

  it('the build resolves @portal/contract and its subpaths (only) to that folder, and declares its version', () => {
    const { dir, remove } = extractContract(contractRevision());
    const require = createRequire(import.meta.url);
    process.env.PORTAL_PACKAGE_DIRS = JSON.stringify({ contract: dir });
    try {
      const { createAppConfig } = require('@portal/build-config') as { createAppConfig: (options: object) => BuildConfig };
      const config = createAppConfig({ name: 'billing', dir: path.join(repoRoot, 'mfe-billing'), exposes: { './routes': './src/routes.tsx' } });
      // Every entry point that older contract exports (which ones depends on the revision), and no other @portal alias
      // (beside them, every build sends the ICU parser to its no-parser entry: docs/decisions/0024-message-catalogues.md).
      const { exports } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports: Record<string, string> };
      assert.ok(exports['.'] && exports['./remotes']);
      const portalAliases = Object.fromEntries(Object.entries(config.resolve.alias).filter(([name]) => name.startsWith('@portal/')));
      assert.deepEqual(portalAliases, Object.fromEntries(Object.entries(exports).map(([subpath, target]) =>
        [`@portal/contract${subpath === '.' ? '' : subpath.slice(1)}$`, path.join(dir, target)])));
      const shared = config.plugins.find((plugin) => plugin?._options?.shared)!._options!.shared!;
      const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
      assert.equal(shared['@portal/contract']!.requiredVersion, version);
      assert.equal(shared['@portal/contract/remotes']!.requiredVersion, version);
    } finally {
      delete process.env.PORTAL_PACKAGE_DIRS;
      remove();
    }
  });
});

interface BuildConfig {
  resolve: { alias: Record<string, string> };
  plugins: Array<{ _options?: { shared?: Record<string, { requiredVersion: string }> } } | undefined>;
}
