import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRemotesMap, routeOwners, type RemotesMap } from '@portal/contract';
import { REMOTE_NAMES, REMOTES } from './paths.js';
import { PRERENDER_FILE, type PrerenderFile } from './prerender.js';

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
 *
 * A page rendered at build time gets no script preloads (`scripts: false`): on two cores, parsing two
 * dozen preloaded scripts alongside the page's first layout held its first paint back by 200-400 ms,
 * while the scripts found by main.js were no later to run (docs/architecture.md#weight).
 */
export async function pageHints(
  { mapPath, deployRoot, shellRoot }: HintSources,
  urlPath: string,
  { scripts = true }: { scripts?: boolean } = {},
): Promise<string> {
  const map = await readMap(mapPath);
  if (!map) return '';
  const tags = [`<script type="application/json" id="${REMOTES_MAP_BLOCK_ID}">${jsonForHtml(map)}</script>`];
  // Read per page (a few hundred bytes): `npm start` may rebuild the shell under a running server.
  const shell = await readJsonFile<StartupFiles>(path.join(shellRoot, STARTUP_FILES));
  for (const file of shell?.startup ?? []) if (scripts || file.endsWith('.css')) tags.push(preload(`/${file}`));
  const owner = remoteOwning(urlPath);
  const entry = owner ? map[owner]?.entry : undefined;
  if (entry?.startsWith('/remotes/')) {
    const manifestFile = path.resolve(deployRoot, `.${entry.slice('/remotes'.length)}`);
    if (manifestFile.startsWith(deployRoot + path.sep)) {
      tags.push(`<link rel="preload" href="${attribute(entry)}" as="fetch" crossorigin="anonymous">`);
      const files = await manifestFiles(manifestFile);
      const base = path.posix.dirname(entry);
      if (scripts) for (const script of files ? [files.remoteEntry, ...files.routes] : []) tags.push(preload(path.posix.join(base, script)));
    }
  }
  return tags.join('');
}

/** Where the shell's frame has its remote's page written (shell/src/prerender.tsx, PAGE_SLOT). */
const PAGE_SLOT = '<template data-portal-slot=""></template>';

// Like the manifests: a deployed version's prerender.json never changes.
const prerendered = new Map<string, Promise<PrerenderFile | undefined>>();

function remotePrerender(file: string): Promise<PrerenderFile | undefined> {
  let pages = prerendered.get(file);
  if (!pages) {
    pages = readJsonFile<PrerenderFile>(file);
    prerendered.set(file, pages);
    // A version without one (built before prerendering) is asked again: it is one failed read.
    void pages.then((read) => read ?? prerendered.delete(file));
  }
  return pages;
}

const stylesheet = (href: string) => `<link rel="stylesheet" href="${attribute(href)}">`;

/** A page rendered at build time: the stylesheets it needs in the head, and the markup of #root. */
export interface PrerenderedPage {
  head: string;
  root: string;
}

/**
 * The page rendered at build time for a path, when the remote that owns it (as the map points at it
 * now, served by this portal) prerendered that path and the shell's build has its frame: the shell's
 * signed-out frame with the remote's page in its slot, and the stylesheets that make it look as the
 * app will (the shell's start-up CSS, with Chakra's global styles, and each build's emotion rules).
 * The remote's page comes from the deployed version's own folder, so `npm run deploy-remote -- auth`
 * serves the new version's pages on the next load with nothing rebuilt; a remote on another origin,
 * or a build without prerender.json, gets the plain page. The shell renders the real page over it.
 */
export async function prerenderedPage({ mapPath, deployRoot, shellRoot }: HintSources, urlPath: string): Promise<PrerenderedPage | undefined> {
  const owner = remoteOwning(urlPath);
  const map = owner ? await readMap(mapPath) : undefined;
  const entry = owner ? map?.[owner]?.entry : undefined;
  if (!entry?.startsWith('/remotes/')) return undefined;
  const versionDir = path.dirname(path.resolve(deployRoot, `.${entry.slice('/remotes'.length)}`));
  if (!versionDir.startsWith(deployRoot + path.sep)) return undefined;
  const page = await remotePrerender(path.join(versionDir, PRERENDER_FILE));
  const markup = page?.pages[urlPath];
  if (!page || markup === undefined) return undefined;
  // Read per page, as startup-files.json: `npm start` may rebuild the shell under a running server.
  const [frame, shell] = await Promise.all([
    readJsonFile<PrerenderFile>(path.join(shellRoot, PRERENDER_FILE)),
    readJsonFile<StartupFiles>(path.join(shellRoot, STARTUP_FILES)),
  ]);
  const frameMarkup = frame?.pages['/'];
  if (!frame || !frameMarkup?.includes(PAGE_SLOT)) return undefined;
  const base = path.posix.dirname(entry);
  const head = [
    ...(shell?.startup ?? []).filter((file) => file.endsWith('.css')).map((file) => stylesheet(`/${file}`)),
    stylesheet(`/${frame.css}`),
    stylesheet(path.posix.join(base, page.css)),
  ].join('');
  return { head, root: frameMarkup.replace(PAGE_SLOT, () => markup) };
}
