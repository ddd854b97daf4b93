import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuildResult } from './build-app.js';
import { checkAgainstLiveShell } from './deploy-gate.js';
import { sourceFingerprint } from './fingerprint.js';
import { isCanaryShare, RELEASE_MESSAGES, type ReleaseAction } from '@portal/domain';
import type { CanaryRow } from '@portal/api';
import { appDir, runtimeLayout, type RemoteApp, type RuntimeLayout } from './paths.js';
import { readRemotesMap, setRemoteEntry, type RemoteMapEntry } from './remotes-map.js';

// Deploying one remote into the running portal (docs/deploying-a-remote.md#deploying-one-remote): build into a new
// versioned folder, check it against the live shell (the gate), load it in a browser (the smoke load),
// then repoint the remotes map, and write what happened to the deploy log kept with the map. Rollback
// and `--to` repoint to a kept version through the same gate and smoke load. A canary
// (docs/deploying-a-remote.md#canary-releases) passes the same checks and is written to the database, not the map.

const BUILD_INFO = 'build-info.json';
const DEPLOY_LOG = 'deploy-log.jsonl';

export interface BuildInfo {
  version: string;
  fingerprint: string;
  builtAt: string;
  /** Set when built against other shared code than the sources' (an older @portal/contract: older-build.ts). */
  builtAgainst?: string;
}

/** One line of the deploy log: a remote's map entry changed, or its canary started or ended. */
export interface DeployRecord {
  at: string;
  by: string;
  remote: RemoteApp;
  action: ReleaseAction;
  /** The version (and entry) that went live, or the canary's. */
  version: string;
  entry: string;
  /** The entry it replaced. */
  previous: string | null;
  /** Why, when the portal acted by itself (the judge's verdict), or the canary's share. Absent in older lines. */
  reason?: string | null;
}

/** A remote's canary as the portal's database keeps it (the release_canaries table: the API's CanaryRow). */
export type CanaryRecord = CanaryRow;

/**
 * The canaries and the deploy log in the portal's database (the API's `app.repos.releases`), which every process
 * serving the portal reads: the CLI opens it as `npm start` does.
 */
export interface ReleaseStore {
  canaries(): Promise<CanaryRecord[]>;
  startCanary(row: CanaryRecord): Promise<void>;
  /** True when this call removed the remote's canary (it was still `version`). */
  endCanary(remote: string, version: string): Promise<boolean>;
  log(line: Omit<DeployRecord, 'reason'> & { reason: string | null }): Promise<void>;
}

export interface DeployResult extends BuildResult {
  remote: RemoteApp;
  version: string;
  entry: RemoteMapEntry;
  dir: string;
  /** True when --dry-run stopped after the checks: the map is unchanged and the build removed. */
  dryRun: boolean;
}

/** What a deploy checks before repointing, and how; tests pass a build and a smoke load of their own. */
export interface DeployOptions {
  precompress?: boolean;
  /** Run the checks only: nothing goes live and the new build is removed. */
  dryRun?: boolean;
  /** The smoke load (default: a headless Chromium on a throwaway portal); false skips it. */
  smoke?: false | ((entry: RemoteMapEntry) => Promise<void>);
  /** Check the build against the live shell (default true). */
  gate?: boolean;
  /** Where the build is served from instead of /remotes/…: its base URL, ending in '/'. */
  publishUrl?: string;
  /** Copy the build there before repointing (a folder another server serves as publishUrl). */
  copyTo?: string;
  /** Or run this command to upload it: `{dir}` is the build's folder, `{version}` its version. */
  uploadCommand?: string;
  build?: (options: BuildOptions) => Promise<BuildResult>;
  /** The portal's database: each line of the deploy log is written there too, and the canaries live there. */
  releases?: ReleaseStore;
  /**
   * What `build` builds against when it is not the current sources (e.g. "@portal/contract at 6874720f25"):
   * kept in build-info.json, and such a build never counts as current, so `npm start` rebuilds it.
   */
  builtAgainst?: string;
  log?: (line: string) => void;
}

/** How many versions of each remote stay on disk (DEPLOY_KEEP, default 5). */
export function keptVersions(env: NodeJS.ProcessEnv = process.env): number {
  const keep = Number(env.DEPLOY_KEEP ?? 5);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`DEPLOY_KEEP must be a whole number from 1 up, not "${env.DEPLOY_KEEP}"`);
  return keep;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '').replace('T', '-');
}

export function readBuildInfo(dir: string): BuildInfo | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, BUILD_INFO), 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}

export const localEntry = (remote: RemoteApp, version: string): RemoteMapEntry => ({ entry: `/remotes/${remote}/${version}/mf-manifest.json`, version });
const isLocalEntry = (entry: string) => entry.startsWith('/remotes/');

export const deployLogPath = (layout: RuntimeLayout): string => path.join(path.dirname(layout.remotesMapPath), DEPLOY_LOG);

export function readDeployLog(layout: RuntimeLayout): DeployRecord[] {
  if (!existsSync(deployLogPath(layout))) return [];
  return readFileSync(deployLogPath(layout), 'utf8').split('\n').filter(Boolean).flatMap((line) => {
    try {
      return [JSON.parse(line) as DeployRecord];
    } catch {
      return []; // a line cut by a crash: the others still count
    }
  });
}

/** Who deployed: DEPLOYED_BY, else the system user. */
const deployer = (): string => process.env.DEPLOYED_BY || userInfo().username;

/** The versions of a remote kept on disk, newest first. */
export function keptVersionsOf(remote: RemoteApp, layout: RuntimeLayout): string[] {
  const remoteDir = path.join(layout.deployDir, remote);
  if (!existsSync(remoteDir)) return [];
  return readdirSync(remoteDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && existsSync(path.join(remoteDir, entry.name, 'mf-manifest.json')))
    .map((entry) => entry.name)
    .sort()
    .reverse();
}

/**
 * The version the deploy log file says is the remote's canary: the last one started and not ended since. What
 * `npm start` keeps when it deploys before the database is open.
 */
function canaryInLog(remote: RemoteApp, layout: RuntimeLayout): string | undefined {
  let running: string | undefined;
  for (const record of readDeployLog(layout)) {
    if (record.remote !== remote) continue;
    if (record.action === 'canary') running = record.version;
    else if (ENDS_CANARY.has(record.action)) running = undefined;
  }
  return running;
}

const ENDS_CANARY = new Set<ReleaseAction>(['promote', 'abort', 'auto-rollback', 'auto-promote']);

async function pruneOldVersions(remote: RemoteApp, layout: RuntimeLayout, releases: ReleaseStore | undefined): Promise<void> {
  const live = readRemotesMap(layout.remotesMapPath)[remote]?.version;
  // A running canary's folder stays: the database says which, or else the log file.
  const canary = releases ? (await releases.canaries()).find((row) => row.remote === remote)?.version : canaryInLog(remote, layout);
  // Pages opened before a deploy may still lazy-load chunks of the previous versions: keep a few.
  for (const version of keptVersionsOf(remote, layout).slice(keptVersions())) {
    if (version !== live && version !== canary) rmSync(path.join(layout.deployDir, remote, version), { recursive: true, force: true });
  }
}

/** The checks every change of a live entry passes: the gate against the live shell, then the smoke load. */
async function checkBeforeLive(remote: RemoteApp, buildDir: string, entry: RemoteMapEntry, layout: RuntimeLayout, options: DeployOptions): Promise<void> {
  if (options.gate !== false) {
    await checkAgainstLiveShell(remote, buildDir, layout.shellDist);
    options.log?.(`  gate: the live shell serves ${remote} ${entry.version}`);
  }
  if (options.smoke === false) return;
  const smoke = options.smoke ?? (async (candidate: RemoteMapEntry) => {
    const { smokeLoad } = await import('./smoke-load.js');
    await smokeLoad({ remote, entry: candidate, layout, log: options.log });
  });
  await smoke(entry);
}

/** A value as one word of a POSIX shell command: single-quoted, each ' written as '\''. Nothing in it is run. */
export function shellWord(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/**
 * The upload command with `{dir}` and `{version}` filled in, each as one shell word: a folder or version
 * holding spaces, quotes, `$(…)` or `;` is passed as text, never run. Placeholders are written bare.
 */
export function fillUploadCommand(command: string, values: { dir: string; version: string }): string {
  return command.replaceAll('{dir}', shellWord(values.dir)).replaceAll('{version}', shellWord(values.version));
}

/** Copies or uploads a build to where publishUrl serves it, and answers its map entry. */
function publish(remote: RemoteApp, version: string, dir: string, options: DeployOptions): RemoteMapEntry {
  const base = options.publishUrl!;
  if (!/^https?:\/\/[^/]+\/(.*\/)?$/.test(base)) throw new Error(`--publish-url must be an http(s) URL ending in '/', not "${base}"`);
  if (!options.copyTo && !options.uploadCommand) throw new Error('--publish-url needs --copy-to <folder> or --upload-command "<command>" to put the build there');
  if (options.copyTo) {
    mkdirSync(options.copyTo, { recursive: true });
    cpSync(dir, options.copyTo, { recursive: true });
  }
  if (options.uploadCommand) {
    const command = fillUploadCommand(options.uploadCommand, { dir, version });
    const run = spawnSync(command, { shell: true, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`The upload command failed (exit ${run.status}): ${command}`);
  }
  return { entry: new URL('mf-manifest.json', base).href, version: `${version}` };
}

/** Appends one line to the deploy log file beside the map (what rollback reads). */
export function appendDeployRecord(layout: RuntimeLayout, record: DeployRecord): void {
  appendFileSync(deployLogPath(layout), `${JSON.stringify(record)}\n`);
}

/**
 * Writes one line of the deploy log: to the file, and to the database's release_log when the portal's database is
 * open (the admins' releases screen reads it). A database that fails here does not undo what was done: it is said.
 */
async function recordDeploy(layout: RuntimeLayout, record: DeployRecord, options: Pick<DeployOptions, 'releases' | 'log'>): Promise<void> {
  appendDeployRecord(layout, record);
  try {
    await options.releases?.log({ ...record, reason: record.reason ?? null });
  } catch (error) {
    options.log?.(`  warning: the deploy log line was not written to the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A canary made live by other means than --promote (--to it, a rollback to it) is no longer a canary. */
async function endCanaryMadeLive(remote: RemoteApp, entry: RemoteMapEntry, options: Pick<DeployOptions, 'releases' | 'log'>): Promise<void> {
  try {
    const canary = (await options.releases?.canaries())?.find((row) => row.remote === remote);
    if (canary?.entry === entry.entry) await options.releases!.endCanary(remote, canary.version);
  } catch (error) {
    options.log?.(`  warning: the canary of ${remote} could not be ended in the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Repoints the map and logs it: the one place a live entry changes. */
export async function goLive(
  remote: RemoteApp,
  entry: RemoteMapEntry,
  action: ReleaseAction,
  layout: RuntimeLayout,
  options: Pick<DeployOptions, 'releases' | 'log'> & { by?: string; reason?: string } = {},
): Promise<void> {
  const previous = readRemotesMap(layout.remotesMapPath)[remote]?.entry ?? null;
  await setRemoteEntry(layout.remotesMapPath, remote, { entry: entry.entry, version: entry.version });
  await endCanaryMadeLive(remote, entry, options);
  const record: DeployRecord = {
    at: new Date().toISOString(), by: options.by ?? deployer(), remote, action, version: entry.version, entry: entry.entry, previous,
    ...(options.reason ? { reason: options.reason } : {}),
  };
  await recordDeploy(layout, record, options);
}

/**
 * Builds one remote into a new versioned folder, checks it (gate, smoke load) and repoints its entry
 * in the remotes map; a refused build is removed and the map left as it was.
 */
export async function deployRemote(remote: RemoteApp, layout: RuntimeLayout = runtimeLayout(), options: DeployOptions = {}): Promise<DeployResult> {
  return buildAndServe(remote, layout, options, (entry) => goLive(remote, entry, options.publishUrl ? 'publish' : 'deploy', layout, options));
}

/** Builds, checks and then serves the new version as `serve` does (live, or as the canary). */
async function buildAndServe(
  remote: RemoteApp, layout: RuntimeLayout, options: DeployOptions, serve: (entry: RemoteMapEntry) => Promise<void>,
): Promise<DeployResult> {
  const appPath = appDir(remote);
  const fingerprint = sourceFingerprint(appPath);
  const remoteDir = path.join(layout.deployDir, remote);
  let version = `${timestamp(new Date())}-${fingerprint.slice(0, 7)}`;
  for (let n = 2; existsSync(path.join(remoteDir, version)); n += 1) version = `${version.replace(/~\d+$/, '')}~${n}`;

  // Built aside and renamed into place: the map never points at a half-written folder.
  const staging = path.join(remoteDir, `.${version}.staging`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(remoteDir, { recursive: true });
  const result = await (options.build ?? buildApp)({ appPath, outputPath: staging, remoteVersion: version, precompress: options.precompress });
  const info: BuildInfo = options.builtAgainst
    ? { version, fingerprint: `${fingerprint} with ${options.builtAgainst}`, builtAt: new Date().toISOString(), builtAgainst: options.builtAgainst }
    : { version, fingerprint, builtAt: new Date().toISOString() };
  writeFileSync(path.join(staging, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`);
  const dir = path.join(remoteDir, version);
  renameSync(staging, dir);
  let entry: RemoteMapEntry;
  try {
    entry = options.publishUrl ? publish(remote, version, dir, options) : localEntry(remote, version);
    await checkBeforeLive(remote, dir, entry, layout, options);
    if (options.dryRun) {
      rmSync(dir, { recursive: true, force: true });
      return { ...result, remote, version, entry, dir, dryRun: true };
    }
    await serve(entry);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Served now: a failure to prune must not remove it.
  await pruneOldVersions(remote, layout, options.releases);
  return { ...result, remote, version, entry, dir, dryRun: false };
}

/** The actions that changed the live entry (a canary's start, abort or rollback by itself left it as it was). */
const CHANGES_LIVE = new Set<ReleaseAction>(['deploy', 'rollback', 'to', 'publish', 'promote', 'auto-promote']);

/**
 * The entries that went live, as a stack: a deploy, `--to` or a publish pushes its entry, a rollback
 * pops back to the one beneath. So a rollback returns to what was live before, and a second one goes
 * further back rather than forth again.
 */
function liveStack(remote: RemoteApp, layout: RuntimeLayout): Array<{ entry: string; version: string }> {
  const stack: Array<{ entry: string; version: string }> = [];
  for (const record of readDeployLog(layout)) {
    if (record.remote !== remote || !CHANGES_LIVE.has(record.action)) continue;
    if (record.action === 'rollback') {
      while (stack.length > 0 && stack[stack.length - 1]!.entry !== record.entry) stack.pop();
      if (stack.length === 0) stack.push(record);
    } else {
      stack.push(record);
    }
  }
  return stack;
}

/** The entry a rollback returns to: the one live before the live one. */
export function rollbackTarget(remote: RemoteApp, layout: RuntimeLayout): RemoteMapEntry {
  const live = readRemotesMap(layout.remotesMapPath)[remote];
  const stack = liveStack(remote, layout);
  const at = live ? stack.map((record) => record.entry).lastIndexOf(live.entry) : -1;
  const beneath = stack.slice(0, at === -1 ? stack.length : at).reverse()
    .find((record) => record.entry !== live?.entry && isAvailable(remote, record, layout));
  if (beneath) return { entry: beneath.entry, version: beneath.version };
  // No log of it (deployed before the log existed): the newest kept folder older than the live one.
  const older = keptVersionsOf(remote, layout).find((version) => live && version < live.version);
  if (older) return localEntry(remote, older);
  throw new Error(`${remote} has no earlier version to roll back to (kept: ${keptVersionsOf(remote, layout).join(', ') || 'none'})`);
}

const isAvailable = (remote: RemoteApp, record: { entry: string; version: string }, layout: RuntimeLayout) =>
  !isLocalEntry(record.entry) || keptVersionsOf(remote, layout).includes(record.version);

/** The entry of a kept version (a folder on disk) or of one published elsewhere (from the log). */
export function versionTarget(remote: RemoteApp, version: string, layout: RuntimeLayout): RemoteMapEntry {
  if (keptVersionsOf(remote, layout).includes(version)) return localEntry(remote, version);
  const published = readDeployLog(layout).filter((record) => record.remote === remote).reverse().find((record) => record.version === version && !isLocalEntry(record.entry));
  if (published) return { entry: published.entry, version };
  throw new Error(`${remote} has no version "${version}" (kept: ${keptVersionsOf(remote, layout).join(', ') || 'none'}); \`npm run remotes\` lists them`);
}

/** Where the gate reads a kept or published build: its folder on disk, or its base URL. */
const buildLocation = (remote: RemoteApp, target: RemoteMapEntry, layout: RuntimeLayout): string =>
  isLocalEntry(target.entry) ? path.join(layout.deployDir, remote, target.version) : new URL('.', target.entry).href;

/** Repoints a remote at an earlier entry (`--rollback`) or a named version (`--to`), through the same checks. */
export async function repointRemote(
  remote: RemoteApp,
  target: RemoteMapEntry,
  action: 'rollback' | 'to',
  layout: RuntimeLayout = runtimeLayout(),
  options: DeployOptions = {},
): Promise<RemoteMapEntry> {
  await checkBeforeLive(remote, buildLocation(remote, target, layout), target, layout, options);
  if (!options.dryRun) await goLive(remote, target, action, layout, options);
  return target;
}

/** Serves a kept version from another origin (publishUrl), with no new build: copied or uploaded, checked, then live. */
export async function publishKeptVersion(remote: RemoteApp, version: string, layout: RuntimeLayout = runtimeLayout(), options: DeployOptions = {}): Promise<RemoteMapEntry> {
  if (!keptVersionsOf(remote, layout).includes(version)) throw new Error(`${remote} has no kept version "${version}" to publish; \`npm run remotes\` lists them`);
  const entry = publish(remote, version, path.join(layout.deployDir, remote, version), options);
  await checkBeforeLive(remote, path.join(layout.deployDir, remote, version), entry, layout, options);
  if (!options.dryRun) await goLive(remote, entry, 'publish', layout, options);
  return entry;
}

/** What a canary is started with: the portal's database, its share, and when it may be promoted by itself. */
export interface CanaryOptions extends DeployOptions {
  releases: ReleaseStore;
  /** The share of people, 1 to 99 percent. */
  share: number;
  /** Promoted by itself this long after it started, when the judge finds it healthy then (--auto-promote). */
  autoPromoteMs?: number;
}

/** The remote's live entry, which a canary runs beside: a remote that is not live gets no canary. */
function liveEntryFor(remote: RemoteApp, layout: RuntimeLayout): RemoteMapEntry {
  const live = readRemotesMap(layout.remotesMapPath)[remote];
  if (!live) throw new Error(`${remote} has no live version: deploy it first (a canary runs beside the live version)`);
  return live;
}

function checkCanaryOptions(remote: RemoteApp, layout: RuntimeLayout, options: CanaryOptions): void {
  if (!isCanaryShare(options.share)) throw new Error(`--canary takes a whole percent from 1 to 99, not "${options.share}"`);
  // The Content-Security-Policy names the origins of the map file only: a canary is served by this portal.
  if (options.publishUrl) throw new Error('A canary is served from this portal: --canary does not go with --publish-url');
  liveEntryFor(remote, layout);
}

/** Writes the canary to the database (in place of the remote's canary if any) and logs `canary`. */
async function startCanary(remote: RemoteApp, entry: RemoteMapEntry, layout: RuntimeLayout, options: CanaryOptions): Promise<void> {
  const live = liveEntryFor(remote, layout);
  if (live.entry === entry.entry) throw new Error(`${remote} ${entry.version} is the live version already`);
  const at = new Date();
  const autoPromoteAt = options.autoPromoteMs ? new Date(at.getTime() + options.autoPromoteMs).toISOString() : null;
  const by = deployer();
  await options.releases.startCanary({
    remote, version: entry.version, entry: entry.entry, share: options.share, started_at: at.toISOString(), started_by: by, auto_promote_at: autoPromoteAt,
  });
  const reason = `${RELEASE_MESSAGES.share(options.share)}${autoPromoteAt ? `; ${RELEASE_MESSAGES.autoPromote.toLowerCase()} ${autoPromoteAt} if healthy` : ''}`;
  await recordDeploy(layout, { at: at.toISOString(), by, remote, action: 'canary', version: entry.version, entry: entry.entry, previous: live.entry, reason }, options);
}

/**
 * Builds a new version and makes it the remote's canary (`--canary <share>`): the same build, gate and smoke load as a
 * deploy, then the canary is written to the database; the live map is left as it is.
 */
export async function deployCanary(remote: RemoteApp, layout: RuntimeLayout, options: CanaryOptions): Promise<DeployResult> {
  checkCanaryOptions(remote, layout, options);
  return buildAndServe(remote, layout, options, (entry) => startCanary(remote, entry, layout, options));
}

/** Makes a kept version the remote's canary without building (`--to <version> --canary <share>`), through the same checks. */
export async function canaryOfKeptVersion(remote: RemoteApp, version: string, layout: RuntimeLayout, options: CanaryOptions): Promise<RemoteMapEntry> {
  checkCanaryOptions(remote, layout, options);
  const target = versionTarget(remote, version, layout);
  await checkBeforeLive(remote, buildLocation(remote, target, layout), target, layout, options);
  if (!options.dryRun) await startCanary(remote, target, layout, options);
  return target;
}

async function canaryOf(remote: RemoteApp, releases: ReleaseStore): Promise<CanaryRecord> {
  const canary = (await releases.canaries()).find((row) => row.remote === remote);
  if (!canary) throw new Error(`${remote} has no canary; \`npm run remotes\` shows the canaries`);
  return canary;
}

/**
 * Makes the remote's canary its live version (`--promote`), through the gate and smoke load as `--to`: the canary is
 * ended first (so a judge that rolled it back meanwhile wins, and nothing goes live), then the map repointed.
 */
export async function promoteCanary(
  remote: RemoteApp, layout: RuntimeLayout, options: DeployOptions & { releases: ReleaseStore },
): Promise<RemoteMapEntry> {
  const canary = await canaryOf(remote, options.releases);
  const target: RemoteMapEntry = { entry: canary.entry, version: canary.version };
  await checkBeforeLive(remote, buildLocation(remote, target, layout), target, layout, options);
  if (options.dryRun) return target;
  if (!(await options.releases.endCanary(remote, canary.version))) {
    throw new Error(`${remote}'s canary ${canary.version} ended meanwhile (rolled back, promoted or replaced); nothing was changed`);
  }
  await goLive(remote, target, 'promote', layout, options);
  return target;
}

/** Removes the remote's canary (`--abort`): everyone is served the live version from their next page on. */
export async function abortCanary(remote: RemoteApp, layout: RuntimeLayout, options: Pick<DeployOptions, 'log'> & { releases: ReleaseStore }): Promise<CanaryRecord> {
  const canary = await canaryOf(remote, options.releases);
  if (!(await options.releases.endCanary(remote, canary.version))) {
    throw new Error(`${remote}'s canary ${canary.version} ended meanwhile (rolled back, promoted or replaced)`);
  }
  const live = readRemotesMap(layout.remotesMapPath)[remote]?.entry ?? null;
  await recordDeploy(layout, {
    at: new Date().toISOString(), by: deployer(), remote, action: 'abort', version: canary.version, entry: canary.entry, previous: live,
  }, options);
  return canary;
}

/** Each remote's versions, newest first: kept on disk or published elsewhere, which is live, when and by whom. */
export function listRemotes(layout: RuntimeLayout, remotes: readonly RemoteApp[], canaries: readonly CanaryRecord[] = []): Array<{
  remote: RemoteApp;
  versions: Array<{
    version: string; entry: string; live: boolean; deployedAt: string | null; by: string | null; kept: boolean;
    /** The canary's share when this version is the remote's canary. */
    canary: number | null;
  }>;
}> {
  const map = readRemotesMap(layout.remotesMapPath);
  const log = readDeployLog(layout);
  return remotes.map((remote) => {
    const kept = keptVersionsOf(remote, layout);
    const entries = new Map<string, { version: string; entry: string }>();
    for (const version of kept) entries.set(localEntry(remote, version).entry, localEntry(remote, version));
    for (const record of log) if (record.remote === remote && !isLocalEntry(record.entry)) entries.set(record.entry, record);
    const versions = [...entries.values()].map(({ version, entry }) => {
      const first = log.find((record) => record.remote === remote && record.entry === entry && record.action !== 'rollback');
      const builtAt = isLocalEntry(entry) ? readBuildInfo(path.join(layout.deployDir, remote, version))?.builtAt ?? null : null;
      const canary = canaries.find((row) => row.remote === remote && row.entry === entry)?.share ?? null;
      return { version, entry, live: map[remote]?.entry === entry, deployedAt: first?.at ?? builtAt, by: first?.by ?? null, kept: isLocalEntry(entry), canary };
    });
    versions.sort((a, b) => (b.deployedAt ?? '').localeCompare(a.deployedAt ?? '') || b.version.localeCompare(a.version));
    return { remote, versions };
  });
}

/** Why a remote needs a deploy before serving, or undefined when its deployed build is current. */
export function remoteDeployNeed(remote: RemoteApp, layout: RuntimeLayout = runtimeLayout()): string | undefined {
  const entry = readRemotesMap(layout.remotesMapPath)[remote];
  if (!entry) return 'not in the remotes map';
  // Served from another origin by its team (--publish-url): theirs to deploy, never rebuilt here.
  if (!isLocalEntry(entry.entry)) return undefined;
  const dir = path.join(layout.deployDir, remote, entry.version);
  if (!existsSync(path.join(dir, 'mf-manifest.json'))) return `its folder ${entry.version} is missing`;
  if (readBuildInfo(dir)?.fingerprint !== sourceFingerprint(appDir(remote))) return 'its sources changed';
  return undefined;
}
