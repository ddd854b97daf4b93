import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type BuildResult } from './build-app.js';
import { sourceFingerprint } from './fingerprint.js';
import { appDir, runtimeLayout, type RemoteApp, type RuntimeLayout } from './paths.js';
import { readRemotesMap, setRemoteEntry, type RemoteMapEntry } from './remotes-map.js';

const BUILD_INFO = 'build-info.json';
const KEPT_VERSIONS = 5;

export interface BuildInfo {
  version: string;
  fingerprint: string;
  builtAt: string;
}

export interface DeployResult extends BuildResult {
  remote: RemoteApp;
  version: string;
  entry: RemoteMapEntry;
  dir: string;
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

function pruneOldVersions(remoteDir: string, keep: string): void {
  const versions = readdirSync(remoteDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  // Pages opened before a deploy may still lazy-load chunks of the previous versions: keep a few.
  for (const version of versions.slice(KEPT_VERSIONS)) {
    if (version !== keep) rmSync(path.join(remoteDir, version), { recursive: true, force: true });
  }
}

/** Builds one remote into a new versioned folder and repoints its entry in the remotes map. */
export async function deployRemote(
  remote: RemoteApp,
  layout: RuntimeLayout = runtimeLayout(),
  options: { precompress?: boolean } = {},
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
  const result = await buildApp({ appPath, outputPath: staging, remoteVersion: version, precompress: options.precompress });
  const info: BuildInfo = { version, fingerprint, builtAt: new Date().toISOString() };
  writeFileSync(path.join(staging, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`);
  renameSync(staging, path.join(remoteDir, version));

  const entry = { entry: `/remotes/${remote}/${version}/mf-manifest.json`, version };
  await setRemoteEntry(layout.remotesMapPath, remote, entry);
  pruneOldVersions(remoteDir, version);
  return { ...result, remote, version, entry, dir: path.join(remoteDir, version) };
}

/** Why a remote needs a deploy before serving, or undefined when its deployed build is current. */
export function remoteDeployNeed(remote: RemoteApp, layout: RuntimeLayout = runtimeLayout()): string | undefined {
  const entry = readRemotesMap(layout.remotesMapPath)[remote];
  if (!entry) return 'not in the remotes map';
  const dir = path.join(layout.deployDir, remote, entry.version);
  if (!existsSync(path.join(dir, 'mf-manifest.json'))) return `its folder ${entry.version} is missing`;
  if (readBuildInfo(dir)?.fingerprint !== sourceFingerprint(appDir(remote))) return 'its sources changed';
  return undefined;
}
