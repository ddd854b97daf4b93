import { listRemotes } from './lib/deploy.js';
import { REMOTE_NAMES, runtimeLayout } from './lib/paths.js';

// npm run remotes: each remote's versions (kept on disk, or published elsewhere), which is live, when
// and by whom each was deployed, from the deploy log kept with the remotes map (docs/deploying-a-remote.md#rollback-and-kept-versions).
const layout = runtimeLayout();
for (const { remote, versions } of listRemotes(layout, REMOTE_NAMES)) {
  console.log(`${remote}${versions.length === 0 ? ': not deployed' : ''}`);
  for (const version of versions) {
    const when = version.deployedAt ? new Date(version.deployedAt).toISOString().replace('T', ' ').slice(0, 19) : 'unknown';
    const where = version.kept ? '' : `  ${version.entry}`;
    console.log(`  ${version.live ? '* live' : '      '}  ${version.version.padEnd(28)} ${when} UTC  ${version.by ?? ''}${where}`);
  }
}
