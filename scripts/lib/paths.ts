import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The remotes this repository builds, by federation name -> workspace folder. */
export const REMOTE_APPS = {
  auth: 'mfe-auth',
  dashboards: 'mfe-dashboards',
  tickets: 'mfe-tickets',
} as const;

export type RemoteApp = keyof typeof REMOTE_APPS;

export function isRemoteApp(name: string): name is RemoteApp {
  return Object.hasOwn(REMOTE_APPS, name);
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
  return path.join(repoRoot, app === 'shell' ? 'shell' : REMOTE_APPS[app]);
}
