import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRemotesMap, routeOwners, type RemotesMap } from '@portal/contract';
import { REMOTE_NAMES, REMOTES } from './paths.js';

/** The file each build lists its first page's JavaScript in (shared/build-config/startup-files.cjs). */
export const STARTUP_FILES = 'startup-files.json';

/** The id of the data block the shell reads the remotes map from (shell/src/federation/remotes-map-request.ts). */
export const REMOTES_MAP_BLOCK_ID = 'portal-remotes';

// The shell's rule (@portal/contract's routeOwners): a wrong answer here would only cost a wasted preload.
const ownerOf = routeOwners(REMOTES);

/** The remote that owns a page's path, or undefined. */
export function remoteOwning(urlPath: string): string | undefined {
  return ownerOf(urlPath);
}

/** JSON that can sit inside a `<script type="application/json">` element: no `<` to end it early. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface ManifestFiles {
  remoteEntry: string;
  routes: readonly string[];
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** What a build lists in startup-files.json (shared/build-config/startup-files.cjs). */
interface StartupFiles {
  startup?: string[];
  routes?: string[];
}

async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

// A deployed version never changes (a deploy writes a new folder), so its files are read once.
const manifests = new Map<string, Promise<ManifestFiles | undefined>>();

async function readManifest(file: string): Promise<ManifestFiles | undefined> {
  const manifest = await readJsonFile<FederationManifest>(file);
  const entry = manifest?.metaData?.remoteEntry;
  if (!entry?.name) return undefined;
  // The build's own list has every chunk of ./routes; the manifest's leaves out chunks that a
  // shared module's fallback shares with it (a build from before startup-files.json has only that).
  const listed = await readJsonFile<StartupFiles>(path.join(path.dirname(file), STARTUP_FILES));
  const routes = listed?.routes ?? manifest?.exposes?.find((exposed) => exposed.name === 'routes')?.assets?.js?.sync ?? [];
  return { remoteEntry: path.posix.join(entry.path ?? '', entry.name), routes };
}

function manifestFiles(file: string): Promise<ManifestFiles | undefined> {
  let files = manifests.get(file);
  if (!files) {
    files = readManifest(file);
    manifests.set(file, files);
  }
  return files;
}

async function readMap(mapPath: string): Promise<RemotesMap | undefined> {
  try {
    return parseRemotesMap(JSON.parse(await readFile(mapPath, 'utf8')), REMOTE_NAMES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return undefined;
  }
}

/** Where the page's hints come from: the remotes map, the deployed remotes and the shell's build. */
export interface HintSources {
  mapPath: string;
  deployRoot: string;
  shellRoot: string;
}

const preload = (href: string) =>
  `<link rel="preload" href="${attribute(href)}" as="${href.endsWith('.css') ? 'style' : 'script'}">`;

/**
 * What index.html carries for a page so the shell skips round trips: the remotes map as read now
 * (a data block, never executed, so the script policy does not apply; the shell fetches
 * /remotes.json when it is absent), preloads of the shell's start-up chunks (which the browser
 * would otherwise find only after main.js has run), and preloads of the files of the remote that
 * owns the page (its manifest, its remoteEntry.js and the chunks of its `./routes`). The browser
 * fetches them all while main.js comes in.
 */
export async function pageHints({ mapPath, deployRoot, shellRoot }: HintSources, urlPath: string): Promise<string> {
  const map = await readMap(mapPath);
  if (!map) return '';
  const tags = [`<script type="application/json" id="${REMOTES_MAP_BLOCK_ID}">${jsonForHtml(map)}</script>`];
  // Read per page (a few hundred bytes): `npm start` may rebuild the shell under a running server.
  const shell = await readJsonFile<StartupFiles>(path.join(shellRoot, STARTUP_FILES));
  for (const file of shell?.startup ?? []) tags.push(preload(`/${file}`));
  const owner = remoteOwning(urlPath);
  const entry = owner ? map[owner]?.entry : undefined;
  if (entry?.startsWith('/remotes/')) {
    const manifestFile = path.resolve(deployRoot, `.${entry.slice('/remotes'.length)}`);
    if (manifestFile.startsWith(deployRoot + path.sep)) {
      tags.push(`<link rel="preload" href="${attribute(entry)}" as="fetch" crossorigin="anonymous">`);
      const files = await manifestFiles(manifestFile);
      const base = path.posix.dirname(entry);
      for (const script of files ? [files.remoteEntry, ...files.routes] : []) tags.push(preload(path.posix.join(base, script)));
    }
  }
  return tags.join('');
}
