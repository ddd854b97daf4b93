import { parseArgs } from 'node:util';
import { isCanaryShare, parseReleaseWindow } from '@portal/domain';
import {
  abortCanary, canaryOfKeptVersion, deployCanary, deployRemote, promoteCanary, publishKeptVersion, repointRemote, rollbackTarget, versionTarget,
  type DeployOptions, type ReleaseStore,
} from './lib/deploy.js';
import { olderContractBuild } from './lib/older-build.js';
import { isRemoteApp, REMOTE_NAMES, runtimeLayout, type RemoteApp } from './lib/paths.js';

// npm run deploy-remote -- <remote> [--dry-run] [--skip-smoke]
//                                   [--publish-url <url/> (--copy-to <folder> | --upload-command "<cmd {dir} {version}>")]
// npm run deploy-remote -- <remote> --rollback | --to <version> [--publish-url … (a kept version served elsewhere)]
// npm run deploy-remote -- <remote> --contract-from <previous|commit> | --contract-dir <folder>   (version skew: an older @portal/contract)
// npm run deploy-remote -- <remote> --canary <1-99> [--auto-promote <30m>] [--to <version>] | --promote | --abort   (a canary release)
// {dir} and {version} are filled into the upload command each as one quoted shell word: write them bare, unquoted.
// See docs/deploying-a-remote.md.
const USAGE = `Usage: npm run deploy-remote -- <${REMOTE_NAMES.join('|')}> [--dry-run] [--skip-smoke] [--rollback | --to <version>]
       [--publish-url <https://…/> (--copy-to <folder> | --upload-command "<command using {dir} and {version}>")]
       [--contract-from <previous|commit> | --contract-dir <folder>]   (built against an older @portal/contract)
       [--canary <1-99> [--auto-promote <90s|30m|2h>]]   (a canary beside the live version: built, or a kept one with --to)
       [--promote | --abort]   (the canary made live, or removed)`;

/**
 * The portal's database, opened as `npm start` opens it (the same environment), for the canaries and the deploy log's
 * release_log lines; closed when the command is done.
 */
async function openReleases(): Promise<{ releases: ReleaseStore; close: () => Promise<void> }> {
  const { createPortalApi } = await import('@portal/api');
  const app = await createPortalApi({ runJobs: false, seedDemo: false });
  return { releases: app.repos.releases, close: () => app.close() };
}

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
      canary: { type: 'string' },
      'auto-promote': { type: 'string' },
      promote: { type: 'boolean', default: false },
      abort: { type: 'boolean', default: false },
    },
  });
  const name = positionals[0] ?? '';
  const olderContract = values['contract-from'] !== undefined || values['contract-dir'] !== undefined;
  const canary = values.canary !== undefined;
  const share = Number(values.canary);
  const autoPromoteMs = values['auto-promote'] === undefined ? undefined : parseReleaseWindow(values['auto-promote']);
  const endsCanary = values.promote || values.abort;
  if (!isRemoteApp(name) || positionals.length > 1 || (values.rollback && values.to)
    || (olderContract && (values.rollback || values.to || (values['contract-from'] !== undefined && values['contract-dir'] !== undefined)))
    // A canary: a share from 1 to 99, served by this portal, never with a rollback; a window only with a canary.
    || (canary && (!isCanaryShare(share) || values.rollback || olderContract || values['publish-url'] !== undefined))
    || (values['auto-promote'] !== undefined && (!canary || autoPromoteMs === undefined))
    // Promote or abort: the canary there is, alone (a dry run or --skip-smoke may go with --promote).
    || (values.promote && values.abort)
    || (endsCanary && (canary || values.rollback || values.to || olderContract || values['publish-url'] !== undefined))
    || (values.abort && (values['dry-run'] || values['skip-smoke']))) {
    console.error(USAGE);
    process.exit(2);
  }
  const options: DeployOptions = {
    dryRun: values['dry-run'],
    smoke: values['skip-smoke'] ? false : undefined,
    publishUrl: values['publish-url'],
    copyTo: values['copy-to'],
    uploadCommand: values['upload-command'],
    log: (line) => console.log(line),
  };
  if (canary || endsCanary) {
    // The canaries live in the portal's database: every process serving the portal reads them.
    const { releases, close } = await openReleases();
    try {
      await canaryAction(name, { ...options, releases }, { share, autoPromoteMs, to: values.to, promote: values.promote, abort: values.abort });
    } finally {
      await close();
    }
    return;
  }
  // Every line of the deploy log goes to the database too, when it opens (the admins' releases screen reads it).
  const database = options.dryRun ? undefined : await openReleases().catch((error: unknown) => {
    console.warn(`  warning: the portal's database did not open (${error instanceof Error ? error.message : String(error)}); the deploy log file alone records this`);
    return undefined;
  });
  options.releases = database?.releases;
  try {
    await deployOrRepoint(name, values, options, olderContract);
  } finally {
    await database?.close();
  }
}

async function canaryAction(
  name: RemoteApp,
  options: DeployOptions & { releases: ReleaseStore },
  what: { share: number; autoPromoteMs: number | undefined; to: string | undefined; promote: boolean; abort: boolean },
): Promise<void> {
  const layout = runtimeLayout();
  if (what.abort) {
    const aborted = await abortCanary(name, layout, options);
    console.log(`Aborted the canary ${name} ${aborted.version}: everyone is served the live version from their next page on`);
    return;
  }
  if (what.promote) {
    const target = await promoteCanary(name, layout, options);
    console.log(`${options.dryRun ? 'Checked (dry run, nothing changed):' : 'Now live (the canary promoted):'} ${name} ${target.version}`);
    if (!options.dryRun) console.log(`  ${layout.remotesMapPath}: ${name} -> ${target.entry}`);
    return;
  }
  const canaryOptions = { ...options, share: what.share, autoPromoteMs: what.autoPromoteMs };
  const verb = options.dryRun ? 'Checked (dry run, nothing changed):' : `Canary for ${what.share} % of people:`;
  const version = what.to
    ? (await canaryOfKeptVersion(name, what.to, layout, canaryOptions)).version
    : (await deployCanary(name, layout, canaryOptions)).version;
  console.log(`${verb} ${name} ${version}`);
  if (!options.dryRun && what.autoPromoteMs) console.log(`  promoted by itself in ${Math.round(what.autoPromoteMs / 1000)} s when healthy`);
}

async function deployOrRepoint(
  name: RemoteApp,
  values: { to?: string; rollback: boolean; 'contract-from'?: string; 'contract-dir'?: string },
  options: DeployOptions,
  olderContract: boolean,
): Promise<void> {
  const layout = runtimeLayout();
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
