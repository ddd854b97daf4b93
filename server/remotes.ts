import { listRemotes, type CanaryRecord } from './lib/deploy.js';
import { REMOTE_NAMES, runtimeLayout } from './lib/paths.js';

// npm run remotes: each remote's versions (kept on disk, or published elsewhere), which is live, which is its canary and
// for what share of people, when and by whom each was deployed, from the deploy log kept with the remotes map and the
// canaries in the portal's database (docs/deploying-a-remote.md#rollback-and-kept-versions, #canary-releases).

/** The canaries in the portal's database, opened as `npm start` opens it; none, said, when it does not open. */
async function canaries(): Promise<CanaryRecord[]> {
  try {
    const { createPortalApi } = await import('@portal/api');
    const app = await createPortalApi({ runJobs: false, seedDemo: false });
    try {
      return await app.repos.releases.canaries();
    } finally {
      await app.close();
    }
  } catch (error) {
    console.warn(`(the portal's database did not open, so no canary is shown: ${error instanceof Error ? error.message : String(error)})`);
    return [];
  }
}

const layout = runtimeLayout();
for (const { remote, versions } of listRemotes(layout, REMOTE_NAMES, await canaries())) {
  console.log(`${remote}${versions.length === 0 ? ': not deployed' : ''}`);
  for (const version of versions) {
    const when = version.deployedAt ? new Date(version.deployedAt).toISOString().replace('T', ' ').slice(0, 19) : 'unknown';
    const where = version.kept ? '' : `  ${version.entry}`;
    const canary = version.canary === null ? '' : `  ~ canary ${version.canary} %`;
    console.log(`  ${version.live ? '* live' : '      '}  ${version.version.padEnd(28)} ${when} UTC  ${version.by ?? ''}${where}${canary}`);
  }
}
