import path from 'node:path';
import { deployRemote, remoteDeployNeed } from './deploy.js';
import { checkAgainstLiveShell } from './deploy-gate.js';
import { readRemotesMap } from './remotes-map.js';
import { REMOTE_NAMES, type RuntimeLayout } from './paths.js';
import { buildShell, shellBuildNeed } from './shell-build.js';

/**
 * Builds the shell and deploys each remote whose deployed build is missing or out of date, then
 * checks every remote served from this disk against the shell with the deploy gate (deploy-gate.ts),
 * so a start never serves a remote its shell cannot (CI starts the portal this way: every remote is
 * checked against the shell of the same commit). Returns the folders it built: they are not precompressed yet (the caller does it once serving,
 * which keeps brotli's 11th quality level out of the time to ready).
 */
export async function ensureBuilt(layout: RuntimeLayout, log: (line: string) => void): Promise<string[]> {
  const jobs: Promise<string>[] = [];
  const shellNeed = shellBuildNeed(layout.shellDist);
  if (shellNeed) {
    log(`Building the shell (${shellNeed})…`);
    jobs.push(
      buildShell(layout.shellDist, { precompress: false }).then((r) => {
        log(`  shell built in ${r.ms} ms`);
        return layout.shellDist;
      }),
    );
  }
  for (const remote of REMOTE_NAMES) {
    const need = remoteDeployNeed(remote, layout);
    if (!need) continue;
    log(`Deploying remote ${remote} (${need})…`);
    jobs.push(
      // Checked below, once the shell is built too; no browser at start.
      deployRemote(remote, layout, { precompress: false, gate: false, smoke: false }).then((r) => {
        log(`  ${remote} ${r.version} deployed in ${r.ms} ms`);
        return r.dir;
      }),
    );
  }
  const results = await Promise.allSettled(jobs);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) throw new AggregateError(failures.map((f) => f.reason), 'Building the front end failed');
  const map = readRemotesMap(layout.remotesMapPath);
  const gates = await Promise.allSettled(REMOTE_NAMES.filter((remote) => map[remote]?.entry.startsWith('/remotes/')).map((remote) =>
    checkAgainstLiveShell(remote, path.join(layout.deployDir, remote, map[remote]!.version), layout.shellDist)));
  const refusals = gates.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refusals.length > 0) throw new AggregateError(refusals.map((f) => f.reason), 'The shell cannot serve every deployed remote');
  return results.map((r) => (r as PromiseFulfilledResult<string>).value);
}
