import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRemotesMap, routeOwners, type RemotesMap } from '@portal/contract';
import { REMOTE_NAMES, REMOTES } from './paths.js';

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

// A deployed version never changes (a deploy writes a new folder), so its manifest is read once.
const manifests = new Map<string, Promise<ManifestFiles | undefined>>();

async function readManifest(file: string): Promise<ManifestFiles | undefined> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
    const entry = manifest.metaData?.remoteEntry;
    if (!entry?.name) return undefined;
    const routes = manifest.exposes?.find((exposed) => exposed.name === 'routes')?.assets?.js?.sync ?? [];
    return { remoteEntry: path.posix.join(entry.path ?? '', entry.name), routes };
  } catch {
    return undefined;
  }
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

/**
 * What index.html carries for a page so the shell skips two round trips: the remotes map as read
 * now (a data block, never executed, so the script policy does not apply; the shell fetches
 * /remotes.json when it is absent), and preloads of the files of the remote that owns the page
 * (its manifest, its remoteEntry.js and the chunks of its `./routes`), which the browser fetches
 * while the shell's own chunks come in.
 */
export async function pageHints(mapPath: string, deployRoot: string, urlPath: string): Promise<string> {
  const map = await readMap(mapPath);
  if (!map) return '';
  const tags = [`<script type="application/json" id="${REMOTES_MAP_BLOCK_ID}">${jsonForHtml(map)}</script>`];
  const owner = remoteOwning(urlPath);
  const entry = owner ? map[owner]?.entry : undefined;
  if (entry?.startsWith('/remotes/')) {
    const manifestFile = path.resolve(deployRoot, `.${entry.slice('/remotes'.length)}`);
    if (manifestFile.startsWith(deployRoot + path.sep)) {
      tags.push(`<link rel="preload" href="${attribute(entry)}" as="fetch" crossorigin="anonymous">`);
      const files = await manifestFiles(manifestFile);
      const base = path.posix.dirname(entry);
      for (const script of files ? [files.remoteEntry, ...files.routes] : []) {
        tags.push(`<link rel="preload" href="${attribute(path.posix.join(base, script))}" as="script">`);
      }
    }
  }
  return tags.join('');
}
