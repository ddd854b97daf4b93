import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesMap, type RemotesMap } from '@portal/contract/remotes';
import { REMOTE_APPS } from './remote-apps';
import { fetchRemotesMapJson, takeEarlyRemotesMap } from './remotes-map-request';
import { serveVersions, whenNavigating } from './served-versions';

/** The file a build lists its start-up chunks in, next to its manifest (shared/build-config/startup-files.cjs). */
const STARTUP_FILES = 'startup-files.json';

export type { RemoteMapEntry as RemoteEntry, RemotesMap } from '@portal/contract/remotes';

/** A federation name from the one list of remotes (shared/build-config/remotes.json). */
export type RemoteName = string;

const REMOTE_NAMES: readonly RemoteName[] = REMOTE_APPS.map((remote) => remote.name);

let registered: RemotesMap = {};

function isRemoteName(name: string): name is RemoteName {
  return REMOTE_NAMES.includes(name);
}

async function fetchRemotesMap(): Promise<RemotesMap> {
  return parseRemotesMap(await (takeEarlyRemotesMap() ?? fetchRemotesMapJson()), REMOTE_NAMES);
}

function register(map: RemotesMap, force: boolean): void {
  const remotes = Object.entries(map).map(([name, remote]) => ({ name, entry: remote.entry }));
  if (remotes.length > 0) registerRemotes(remotes, { force });
}

/** How long a read of the map holds: a navigation reads it again after this (docs/deploying-a-remote.md#canary-releases). */
export const REMOTES_MAP_RECHECK_MS = 30_000;
let mapReadAt = -Infinity;

/**
 * Registers the remotes of `map` whose entry or version changed (again, with `force`: the runtime forgets the old
 * one) and forgets their loaded routes, so the next page of such a remote loads the new version; a page on screen
 * keeps the code it rendered with (features/routing/remote-outlet.tsx renders the new one at the next navigation).
 */
function applyMap(map: RemotesMap): void {
  const changed = Object.fromEntries(
    Object.entries(map).filter(([name, remote]) => registered[name]?.entry !== remote.entry || registered[name]?.version !== remote.version),
  ) as RemotesMap;
  register(changed, true);
  for (const name of Object.keys(changed)) {
    loadedRoutes.delete(name);
    preloaded.delete(name);
    codeFetched.delete(name);
  }
  registered = { ...registered, ...map };
  serveVersions(registered);
}

/** Reads the remotes map served next to the shell and registers every remote. Never throws. */
export async function initFederation(): Promise<RemotesMap> {
  try {
    mapReadAt = Date.now();
    const map = await fetchRemotesMap();
    applyMap(map);
    whenNavigating(() => void refreshRemotesMap());
    return map;
  } catch (error) {
    console.warn('Could not load the remotes map; remotes will be unavailable.', error);
    return {};
  }
}

/**
 * Version skew: reads /remotes.json again (on a navigation, at most every REMOTES_MAP_RECHECK_MS; `urgent` after a
 * remote failed to load, at once) and registers what changed: a canary aborted or promoted, a deploy or a rollback.
 * Never reloads the page; never throws.
 */
export async function refreshRemotesMap({ urgent = false }: { urgent?: boolean } = {}): Promise<void> {
  const now = Date.now();
  if (!urgent && now - mapReadAt < REMOTES_MAP_RECHECK_MS) return;
  mapReadAt = now;
  try {
    applyMap(parseRemotesMap(await fetchRemotesMapJson(), REMOTE_NAMES));
  } catch {
    // The map as it was: the next navigation looks again.
  }
}

async function ensureRegistered(remote: RemoteName): Promise<void> {
  // The map may have been unreachable at start-up: look again before giving up on this remote.
  if (!registered[remote]) await initFederation();
  if (!registered[remote]) throw new Error(`The "${remote}" part of the portal is not deployed.`);
}

/**
 * Loads one exposed module of a remote (e.g. `loadRemoteModule('tickets', './NewTicketForm')`) and
 * answers its exports; rejects when the remote is down or unknown. The shell hands this to the
 * remotes through `RemoteLoaderProvider`, since only the shell's federation instance knows the map.
 */
export async function loadRemoteModule(remote: string, exposed: string): Promise<Record<string, unknown>> {
  if (!isRemoteName(remote)) throw new Error(`There is no "${remote}" part of the portal.`);
  await ensureRegistered(remote);
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`The "${remote}" remote did not answer ${exposed}.`);
  return module;
}

const preloaded = new Map<RemoteName, Promise<ComponentType>>();
const loadedRoutes = new Map<RemoteName, ComponentType>();

/**
 * Starts loading a remote's `./routes` before React renders (the remote that owns the first page),
 * so its files download while the shell starts. The next `loadRemoteRoutes` of it takes this load.
 */
export function preloadRemoteRoutes(remote: RemoteName): Promise<ComponentType> {
  const loading = fetchRemoteRoutes(remote);
  loading.catch(() => undefined);
  preloaded.set(remote, loading);
  return loading;
}

/**
 * A remote's `RemoteRoutes` component: at once when it has already loaded (so the first page renders
 * without a Loading… fallback, which React would keep up for at least 300 ms), else a promise that
 * rejects when the remote is down.
 */
export function loadRemoteRoutes(remote: RemoteName): Promise<ComponentType> | ComponentType {
  const loaded = loadedRoutes.get(remote);
  if (loaded) return loaded;
  const loading = preloaded.get(remote);
  preloaded.delete(remote);
  return loading ?? fetchRemoteRoutes(remote);
}

/** What a remote's build lists in its startup-files.json (shared/build-config/startup-files.cjs). */
interface RemoteStartupFiles {
  routes?: string[];
  ready?: string[];
}

const codeFetched = new Set<RemoteName>();

async function fetchJson<T>(url: string): Promise<T | undefined> {
  const response = await fetch(url, { credentials: 'same-origin' });
  return response.ok ? ((await response.json()) as T) : undefined;
}

function prefetchLink(href: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

/**
 * Fetches the files a remote's pages start with (its remoteEntry.js, the chunks of its `./routes` and of its `ready`,
 * as its build lists them) into the HTTP cache without running them, at the browser's lowest priority
 * (`<link rel="prefetch">`): a link in view on a settled screen, so that tapping it later runs code already here
 * (docs/performance.md#a-click-is-instant). Once per remote, nothing for a remote whose routes are loading or in,
 * one on another origin, or when the map or the lists cannot be read. Never throws.
 */
export async function prefetchRemoteCode(remote: string): Promise<void> {
  if (!isRemoteName(remote) || codeFetched.has(remote) || loadedRoutes.has(remote) || preloaded.has(remote)) return;
  codeFetched.add(remote);
  try {
    await ensureRegistered(remote);
    const manifestUrl = new URL(registered[remote]!.entry, window.location.href);
    if (manifestUrl.origin !== window.location.origin) return;
    const [manifest, startup] = await Promise.all([
      fetchJson<{ metaData?: { remoteEntry?: { name?: string; path?: string } } }>(manifestUrl.href),
      fetchJson<RemoteStartupFiles>(new URL(STARTUP_FILES, manifestUrl).href),
    ]);
    const entry = manifest?.metaData?.remoteEntry;
    if (!entry?.name || !startup) return;
    const files = [`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`, ...(startup.routes ?? []), ...(startup.ready ?? [])];
    for (const file of new Set(files)) prefetchLink(new URL(file, manifestUrl).href);
  } catch {
    // Nothing fetched ahead: a tap loads the code as it always did.
  }
}

/** The longest the shell waits for a remote's `ready` before rendering its pages regardless. */
export const ROUTES_READY_WAIT_MS = 3000;

/**
 * A remote's `./routes` may export `ready`, a promise of code its pages draw with on their first render (the
 * ticket page's Markdown renderer): the shell renders the remote once it settles, so nothing is drawn twice and
 * nothing jumps when it arrives (docs/performance.md#a-click-is-instant); at most ROUTES_READY_WAIT_MS, and a
 * failure renders at once.
 */
async function routesReady(ready: unknown): Promise<void> {
  if (!(ready instanceof Promise)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([ready.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ROUTES_READY_WAIT_MS)))]);
  clearTimeout(timer);
}

async function fetchRemoteRoutes(remote: RemoteName): Promise<ComponentType> {
  await ensureRegistered(remote);

  // No cache to clear before a retry: runtime 2.9 forgets a failed manifest fetch (RUNTIME-003),
  // a failed remoteEntry.js (RUNTIME-008) and a failed chunk, so calling again goes back to the
  // network (checked in Chromium for all three). Re-registering with `force` is not needed and warns.
  let module: { RemoteRoutes?: ComponentType; ready?: unknown } | null | undefined;
  try {
    module = await loadRemote<{ RemoteRoutes?: ComponentType; ready?: unknown }>(`${remote}/routes`);
  } catch (error) {
    // Its files may be gone (a canary aborted): the map says which version to load on Retry or the next page.
    void refreshRemotesMap({ urgent: true });
    throw error;
  }
  const RemoteRoutes = module?.RemoteRoutes;
  if (typeof RemoteRoutes !== 'function' && typeof RemoteRoutes !== 'object') {
    throw new Error(`The "${remote}" remote does not export RemoteRoutes from ./routes.`);
  }
  await routesReady(module?.ready);
  loadedRoutes.set(remote, RemoteRoutes as ComponentType);
  return RemoteRoutes as ComponentType;
}
