import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuildResult } from './build-app.js';
import { checkAgainstLiveShell } from './deploy-gate.js';
import { sourceFingerprint } from './fingerprint.js';
import { appDir, runtimeLayout, type RemoteApp, type RuntimeLayout } from './paths.js';
import { readRemotesMap, setRemoteEntry, type RemoteMapEntry } from './remotes-map.js';

// Deploying one remote into the running portal (docs/deploying-a-remote.md#deploying-one-remote): build into a new
// versioned folder, check it against the live shell (the gate), load it in a browser (the smoke load),
// then repoint the remotes map, and write what happened to the deploy log kept with the map. Rollback
// and `--to` repoint to a kept version through the same gate and smoke load.

const BUILD_INFO = 'build-info.json';
const DEPLOY_LOG = 'deploy-log.jsonl';

export interface BuildInfo {
  version: string;
  fingerprint: string;
  builtAt: string;
  /** Set when built against other shared code than the sources' (an older @portal/contract: older-build.ts). */
  builtAgainst?: string;
}

/** One line of the deploy log: a remote's map entry changed. */
export interface DeployRecord {
  at: string;
  by: string;
  remote: RemoteApp;
  action: 'deploy' | 'rollback' | 'to' | 'publish';
  version: string;
  entry: string;
  /** The entry it replaced. */
  previous: string | null;
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

function pruneOldVersions(remote: RemoteApp, layout: RuntimeLayout): void {
  const live = readRemotesMap(layout.remotesMapPath)[remote]?.version;
  // Pages opened before a deploy may still lazy-load chunks of the previous versions: keep a few.
  for (const version of keptVersionsOf(remote, layout).slice(keptVersions())) {
    if (version !== live) rmSync(path.join(layout.deployDir, remote, version), { recursive: true, force: true });
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

/** Repoints the map and logs it: the one place a live entry changes. */
async function goLive(remote: RemoteApp, entry: RemoteMapEntry, action: DeployRecord['action'], layout: RuntimeLayout): Promise<void> {
  const previous = readRemotesMap(layout.remotesMapPath)[remote]?.entry ?? null;
  await setRemoteEntry(layout.remotesMapPath, remote, entry);
  const record: DeployRecord = { at: new Date().toISOString(), by: deployer(), remote, action, version: entry.version, entry: entry.entry, previous };
  appendFileSync(deployLogPath(layout), `${JSON.stringify(record)}\n`);
}

/**
 * Builds one remote into a new versioned folder, checks it (gate, smoke load) and repoints its entry
 * in the remotes map; a refused build is removed and the map left as it was.
 */
export async function deployRemote(remote: RemoteApp, layout: RuntimeLayout = runtimeLayout(), options: DeployOptions = {}): Promise<DeployResult> {
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
  try {
    const entry = options.publishUrl ? publish(remote, version, dir, options) : localEntry(remote, version);
    await checkBeforeLive(remote, dir, entry, layout, options);
    if (options.dryRun) {
      rmSync(dir, { recursive: true, force: true });
      return { ...result, remote, version, entry, dir, dryRun: true };
    }
    await goLive(remote, entry, options.publishUrl ? 'publish' : 'deploy', layout);
    pruneOldVersions(remote, layout);
    return { ...result, remote, version, entry, dir, dryRun: false };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The entries that went live, as a stack: a deploy, `--to` or a publish pushes its entry, a rollback
 * pops back to the one beneath. So a rollback returns to what was live before, and a second one goes
 * further back rather than forth again.
 */
function liveStack(remote: RemoteApp, layout: RuntimeLayout): Array<{ entry: string; version: string }> {
  const stack: Array<{ entry: string; version: string }> = [];
  for (const record of readDeployLog(layout)) {
    if (record.remote !== remote) continue;
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

/** Repoints a remote at an earlier entry (`--rollback`) or a named version (`--to`), through the same checks. */
export async function repointRemote(
  remote: RemoteApp,
  target: RemoteMapEntry,
  action: 'rollback' | 'to',
  layout: RuntimeLayout = runtimeLayout(),
  options: DeployOptions = {},
): Promise<RemoteMapEntry> {
  const location = isLocalEntry(target.entry) ? path.join(layout.deployDir, remote, target.version) : new URL('.', target.entry).href;
  await checkBeforeLive(remote, location, target, layout, options);
  if (!options.dryRun) await goLive(remote, target, action, layout);
  return target;
}

/** Serves a kept version from another origin (publishUrl), with no new build: copied or uploaded, checked, then live. */
export async function publishKeptVersion(remote: RemoteApp, version: string, layout: RuntimeLayout = runtimeLayout(), options: DeployOptions = {}): Promise<RemoteMapEntry> {
  if (!keptVersionsOf(remote, layout).includes(version)) throw new Error(`${remote} has no kept version "${version}" to publish; \`npm run remotes\` lists them`);
  const entry = publish(remote, version, path.join(layout.deployDir, remote, version), options);
  await checkBeforeLive(remote, path.join(layout.deployDir, remote, version), entry, layout, options);
  if (!options.dryRun) await goLive(remote, entry, 'publish', layout);
  return entry;
}

/** Each remote's versions, newest first: kept on disk or published elsewhere, which is live, when and by whom. */
export function listRemotes(layout: RuntimeLayout, remotes: readonly RemoteApp[]): Array<{
  remote: RemoteApp;
  versions: Array<{ version: string; entry: string; live: boolean; deployedAt: string | null; by: string | null; kept: boolean }>;
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
      return { version, entry, live: map[remote]?.entry === entry, deployedAt: first?.at ?? builtAt, by: first?.by ?? null, kept: isLocalEntry(entry) };
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
