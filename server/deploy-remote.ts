import { parseArgs } from 'node:util';
import { deployRemote, publishKeptVersion, repointRemote, rollbackTarget, versionTarget, type DeployOptions } from './lib/deploy.js';
import { olderContractBuild } from './lib/older-build.js';
import { isRemoteApp, REMOTE_NAMES, runtimeLayout } from './lib/paths.js';

// npm run deploy-remote -- <remote> [--dry-run] [--skip-smoke]
//                                   [--publish-url <url/> (--copy-to <folder> | --upload-command "<cmd {dir} {version}>")]
// npm run deploy-remote -- <remote> --rollback | --to <version> [--publish-url … (a kept version served elsewhere)]
// npm run deploy-remote -- <remote> --contract-from <previous|commit> | --contract-dir <folder>   (version skew: an older @portal/contract)
// {dir} and {version} are filled into the upload command each as one quoted shell word: write them bare, unquoted.
// See docs/deploying-a-remote.md.
const USAGE = `Usage: npm run deploy-remote -- <${REMOTE_NAMES.join('|')}> [--dry-run] [--skip-smoke] [--rollback | --to <version>]
       [--publish-url <https://…/> (--copy-to <folder> | --upload-command "<command using {dir} and {version}>")]
       [--contract-from <previous|commit> | --contract-dir <folder>]   (built against an older @portal/contract)`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'skip-smoke': { type: 'boolean', default: false },
      rollback: { type: 'boolean', default: false },
      to: { type: 'string' },
      'publish-url': { type: 'string' },
      'copy-to': { type: 'string' },
      'upload-command': { type: 'string' },
      'contract-from': { type: 'string' },
      'contract-dir': { type: 'string' },
    },
  });
  const name = positionals[0] ?? '';
  const olderContract = values['contract-from'] !== undefined || values['contract-dir'] !== undefined;
  if (!isRemoteApp(name) || positionals.length > 1 || (values.rollback && values.to)
    || (olderContract && (values.rollback || values.to || (values['contract-from'] !== undefined && values['contract-dir'] !== undefined)))) {
    console.error(USAGE);
    process.exit(2);
  }
  const layout = runtimeLayout();
  const options: DeployOptions = {
    dryRun: values['dry-run'],
    smoke: values['skip-smoke'] ? false : undefined,
    publishUrl: values['publish-url'],
    copyTo: values['copy-to'],
    uploadCommand: values['upload-command'],
    log: (line) => console.log(line),
  };
  const verb = options.dryRun ? 'Checked (dry run, nothing changed):' : 'Now live:';
  if (values.to && options.publishUrl) {
    // A kept version served from another origin, without building again.
    const entry = await publishKeptVersion(name, values.to, layout, options);
    console.log(`${verb} ${name} ${entry.version}`);
    console.log(`  ${layout.remotesMapPath}: ${name} -> ${entry.entry}`);
    return;
  }
  if (values.rollback || values.to) {
    const target = values.to ? versionTarget(name, values.to, layout) : rollbackTarget(name, layout);
    await repointRemote(name, target, values.rollback ? 'rollback' : 'to', layout, options);
    console.log(`${verb} ${name} ${target.version}`);
    console.log(`  ${layout.remotesMapPath}: ${name} -> ${target.entry}`);
    return;
  }
  // Version skew: the remote's sources built against an older @portal/contract (docs/deploying-a-remote.md#version-skew-what-a-remote-may-lag-behind).
  const older = olderContract
    ? olderContractBuild(values['contract-dir'] !== undefined ? { dir: values['contract-dir'] } : { revision: values['contract-from']! })
    : undefined;
  if (older) {
    Object.assign(options, { build: older.build, builtAgainst: older.against });
    console.log(`Building ${name} against ${older.against}`);
  }
  const result = await deployRemote(name, layout, options).finally(() => older?.remove());
  console.log(`${verb} ${name} ${result.version} (built in ${result.ms} ms)`);
  if (!result.dryRun) console.log(`  ${layout.remotesMapPath}: ${name} -> ${result.entry.entry}`);
  for (const warning of result.warnings) console.warn(`  warning: ${warning}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
