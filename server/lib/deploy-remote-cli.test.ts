import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy-remote.ts');

describe('npm run deploy-remote: the canary\'s options', () => {
  it('refuses a bad combination with the usage and exit 2, before anything is built or opened', () => {
    for (const args of [
      ['tickets', '--canary', '100'],
      ['tickets', '--canary', 'ten'],
      ['tickets', '--auto-promote', '30m'],
      ['tickets', '--canary', '10', '--auto-promote', 'soon'],
      ['tickets', '--canary', '10', '--rollback'],
      ['tickets', '--canary', '10', '--publish-url', 'https://cdn.example/tickets/', '--copy-to', '/tmp/x'],
      ['tickets', '--promote', '--abort'],
      ['tickets', '--promote', '--canary', '10'],
      ['tickets', '--abort', '--to', 'v1'],
    ]) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent/deploy-remote-cli' } });
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, /--canary <1-99> \[--auto-promote <90s\|30m\|2h>\]/, args.join(' '));
    }
  });
});
