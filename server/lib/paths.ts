import path from 'node:path';
import type { RemoteApp as ListedRemote } from '@portal/contract';
import { remoteAppList } from '@portal/contract/remotes-schemas';
import remotesJson from '@portal/build-config/remotes.json' with { type: 'json' };

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The one list of remotes (shared/build-config/remotes.json): name, folder, dev port, routes. */
export const REMOTES: readonly ListedRemote[] = remoteAppList.parse(remotesJson);

/** A remote's federation name, e.g. 'tickets'. */
export type RemoteApp = string;

export const REMOTE_NAMES: readonly RemoteApp[] = REMOTES.map((remote) => remote.name);

export function isRemoteApp(name: string): name is RemoteApp {
  return REMOTE_NAMES.includes(name);
}

function listed(name: RemoteApp): ListedRemote {
  const remote = REMOTES.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`"${name}" is not in shared/build-config/remotes.json.`);
  return remote;
}

export function devPortOf(name: RemoteApp): number {
  return listed(name).devPort;
}

export interface RuntimeLayout {
  dataDir: string;
  /** `<deployDir>/<remote>/<version>/` holds one deployed build of a remote. */
  deployDir: string;
  /** The remotes map the shell reads as /remotes.json. */
  remotesMapPath: string;
  shellDist: string;
}

/**
 * Where deployed remotes and the remotes map live. Defaults: `data/deploy/` and `data/remotes.json`.
 * With DEPLOY_DIR set (the e2e run keeps deployed builds while wiping its database), the map lives
 * inside it, so the map never points at builds that were deleted with another folder.
 */
export function runtimeLayout(env: NodeJS.ProcessEnv = process.env): RuntimeLayout {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const deployDir = env.DEPLOY_DIR ? path.resolve(env.DEPLOY_DIR) : path.join(dataDir, 'deploy');
  const remotesMapPath = env.REMOTES_MAP
    ? path.resolve(env.REMOTES_MAP)
    : env.DEPLOY_DIR
      ? path.join(deployDir, 'remotes.json')
      : path.join(dataDir, 'remotes.json');
  return { dataDir, deployDir, remotesMapPath, shellDist: path.join(repoRoot, 'shell', 'dist') };
}

export function appDir(app: RemoteApp | 'shell'): string {
  return path.join(repoRoot, app === 'shell' ? 'shell' : listed(app).folder);
}
