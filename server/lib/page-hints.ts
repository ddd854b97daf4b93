import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_READS_BLOCK_ID, parseRemotesMap, REMOTES_MAP_BLOCK_ID, routeOwners, type RemotesMap } from '@portal/contract';
import { escapeHtml, languageOf, matchRoute } from '@portal/domain';
import { REMOTE_NAMES, REMOTES } from './paths.js';
import { PRERENDER_FILE, type PrerenderFile } from './prerender.js';
import { servedRemotesMap, type ServedCanary } from './canary-map.js';
import { firstReadKeys, type FirstRead } from './first-reads.js';
import { fillPlaceholders, placeholderSources } from './signed-in-page.js';

/** The file each build lists its first page's JavaScript in (shared/build-config/startup-files.cjs). */
export const STARTUP_FILES = 'startup-files.json';

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
  /**
   * The canaries running and the visitor's bucket id (canary-map.ts): the page is written for the version this
   * visitor is served (docs/deploying-a-remote.md#canary-releases). Absent: the live map.
   */
  visitor?: { canaries: readonly ServedCanary[]; id: string | null };
}

/** The remotes map this page's visitor is served: the live map file, with a canary in place of a live entry for them. */
async function visitorMap({ mapPath, visitor }: HintSources): Promise<RemotesMap | undefined> {
  const live = await readMap(mapPath);
  return live && visitor ? servedRemotesMap(live, visitor.canaries, visitor.id) : live;
}

const preload = (href: string) =>
  `<link rel="preload" href="${escapeHtml(href)}" as="${href.endsWith('.css') ? 'style' : 'script'}">`;

/**
 * What index.html carries for a page so the shell skips round trips: the remotes map as read now,
 * as this visitor is served it (`sources.visitor`: a canary's entry when they are in its share; a data block, never executed, so the script policy does not apply; the shell fetches
 * /remotes.json when it is absent), preloads of the shell's start-up chunks (which the browser
 * would otherwise find only after main.js has run), and preloads of the files of the remote that
 * owns the page (its manifest, its remoteEntry.js and the chunks of its `./routes`). The browser
 * fetches them all while main.js comes in.
 *
 * A public page rendered at build time gets no script preloads (`scripts: false`): on two cores, parsing two
 * dozen preloaded scripts alongside the page's first layout held its first paint back by 200-400 ms,
 * while the scripts found by main.js were no later to run (docs/architecture.md#weight). A signed-in
 * first screen gets them: what its visitor waits for is their data, which waits on the remote's code.
 */
export async function pageHints(
  sources: HintSources,
  urlPath: string,
  { scripts = true }: { scripts?: boolean } = {},
): Promise<string> {
  const { deployRoot, shellRoot } = sources;
  const map = await visitorMap(sources);
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
      tags.push(`<link rel="preload" href="${escapeHtml(entry)}" as="fetch" crossorigin="anonymous">`);
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

// Per sources object: the server makes one per page, which reads the shell's file once for its frame and its reads.
const shellFiles = new WeakMap<HintSources, Promise<PrerenderFile | undefined>>();

/** The shell's prerender.json, read per page (`npm start` may rebuild the shell under a running server), once per `sources`. */
function shellPrerender(sources: HintSources): Promise<PrerenderFile | undefined> {
  let file = shellFiles.get(sources);
  if (!file) {
    file = readJsonFile<PrerenderFile>(path.join(sources.shellRoot, PRERENDER_FILE));
    shellFiles.set(sources, file);
  }
  return file;
}

const stylesheet = (href: string) => `<link rel="stylesheet" href="${escapeHtml(href)}">`;

/** A page rendered at build time: the stylesheets it needs in the head, and the markup of #root. */
export interface PrerenderedPage {
  head: string;
  root: string;
  /** Filled from a signed-in visitor's reads: the page must stay out of shared caches. */
  personal?: boolean;
  /** The page's language, for `<html lang>`, when it is the reader's (a signed-in first screen). */
  lang?: string;
  /**
   * A page of the remote's own runs instead of the shell (its prerender.json `scripts`): the URLs of
   * the scripts the page runs, and of those it imports first, to preload.
   */
  scripts?: { run: string[]; preload: string[] };
}

/** Where a page of a remote's own renders: the element around the remote's prerendered markup (mfe-auth/src/sign-in). */
export const OWN_PAGE_ATTRIBUTE = 'data-portal-page';

/** The folder of the version of the remote that owns a path the visitor is served, when this portal serves it. */
async function ownerVersion(sources: HintSources, urlPath: string): Promise<{ dir: string; base: string } | undefined> {
  const { deployRoot } = sources;
  const owner = remoteOwning(urlPath);
  const map = owner ? await visitorMap(sources) : undefined;
  const entry = owner ? map?.[owner]?.entry : undefined;
  if (!entry?.startsWith('/remotes/')) return undefined;
  const dir = path.dirname(path.resolve(deployRoot, `.${entry.slice('/remotes'.length)}`));
  return dir.startsWith(deployRoot + path.sep) ? { dir, base: path.posix.dirname(entry) } : undefined;
}

/** The stylesheets a prerendered page needs: the shell's start-up CSS (Chakra's global styles), the frame's and the page's. */
async function prerenderedHead(shellRoot: string, frame: PrerenderFile, pageCss: string): Promise<string> {
  // Read per page, as startup-files.json: `npm start` may rebuild the shell under a running server.
  const shell = await readJsonFile<StartupFiles>(path.join(shellRoot, STARTUP_FILES));
  return [
    ...(shell?.startup ?? []).filter((file) => file.endsWith('.css')).map((file) => stylesheet(`/${file}`)),
    stylesheet(`/${frame.css}`),
    stylesheet(pageCss),
  ].join('');
}

/**
 * The page rendered at build time for a path, when the remote that owns it (as the map points at it
 * now, served by this portal) prerendered that path and the shell's build has its frame: the shell's
 * signed-out frame with the remote's page in its slot, and the stylesheets that make it look as the
 * app will (the shell's start-up CSS, with Chakra's global styles, and each build's emotion rules).
 * The remote's page comes from the deployed version's own folder, so `npm run deploy-remote -- auth`
 * serves the new version's pages on the next load with nothing rebuilt; a remote on another origin,
 * or a build without prerender.json, gets the plain page. The shell renders the real page over it,
 * or, where the remote lists a page of its own for the path (the sign-in page), that page's scripts do.
 */
export async function prerenderedPage(sources: HintSources, urlPath: string): Promise<PrerenderedPage | undefined> {
  const version = await ownerVersion(sources, urlPath);
  if (!version) return undefined;
  const page = await remotePrerender(path.join(version.dir, PRERENDER_FILE));
  const markup = page?.pages[urlPath];
  if (!page || markup === undefined) return undefined;
  const frame = await readJsonFile<PrerenderFile>(path.join(sources.shellRoot, PRERENDER_FILE));
  const frameMarkup = frame?.pages['/'];
  if (!frame || !frameMarkup?.includes(PAGE_SLOT)) return undefined;
  const head = await prerenderedHead(sources.shellRoot, frame, path.posix.join(version.base, page.css));
  const own = page.scripts?.[urlPath];
  if (!own) return { head, root: frameMarkup.replace(PAGE_SLOT, () => markup) };
  // The remote's page of its own renders into its part of the frame; the frame stays as written.
  const inVersion = (files: string[]) => files.map((file) => path.posix.join(version.base, file));
  return {
    head,
    root: frameMarkup.replace(PAGE_SLOT, () => `<div ${OWN_PAGE_ATTRIBUTE}="">${markup}</div>`),
    scripts: { run: inVersion(own.run), preload: inVersion(own.preload) },
  };
}

/** Where the shell finds a signed-in first screen to show until the app's page has its heading (shell/src/layout/first-screen-hold.tsx). */
export const FIRST_SCREEN_ATTRIBUTE = 'data-portal-first-screen';

/** What a signed-in first screen is filled from: the visitor's own API reads, answered as the API answers them. */
export interface SignedInVisitor {
  /** Whether the header shows the admins' links (the domain's canSeeAdminLinks of the session's viewer). */
  adminLinks: boolean;
  /** GET /api{path} as this visitor: the answer, or undefined unless it is a 200. */
  read(apiPath: string): Promise<unknown>;
}

/** Whose page's reads are read ahead (firstReads), and how. */
export interface ReadingVisitor {
  /** The contact, and whether staff: what the page's reads depend on (first-reads.ts). */
  reader: { contactId: number; staff: boolean };
  /** GET /api{path} as this visitor, with its tag and change number, or undefined unless it is a 200. */
  answer(apiPath: string): Promise<FirstRead | undefined>;
}

/**
 * The data block of a signed-in page (docs/performance.md#data-with-the-page): the answers of the reads the page
 * makes on its first render, as the remote that owns it declares them (its prerender.json `reads`), read as the
 * visitor through the API, whose permissions answer them: a read that is not a 200 is left out, and the page asks
 * for it itself. Empty when the page has no reads, or the remote is not served from this portal.
 */
export async function firstReads(sources: HintSources, url: string, visitor: ReadingVisitor): Promise<string> {
  if (url.includes('?')) return '';
  const version = await ownerVersion(sources, url);
  const page = version ? await remotePrerender(path.join(version.dir, PRERENDER_FILE)) : undefined;
  // The shell's reads of every page (its header and bell) with the page's own; the shell's build is read per page, as the frame is.
  const shell = await shellPrerender(sources);
  const keys = [...new Set([...firstReadKeys(shell?.reads, url, visitor.reader), ...firstReadKeys(page?.reads, url, visitor.reader)])];
  const answers = await Promise.all(keys.map(async (key) => [key, await visitor.answer(key)] as const));
  const reads = Object.fromEntries(answers.filter((entry): entry is readonly [string, FirstRead] => entry[1] !== undefined));
  if (Object.keys(reads).length === 0) return '';
  return `<script type="application/json" id="${FIRST_READS_BLOCK_ID}">${jsonForHtml(reads)}</script>`;
}

/**
 * A signed-in first screen rendered at build time (the owning remote's `signedIn` routes in its
 * prerender.json), in the shell's signed-in frame, with its {{placeholders}} filled from the visitor's
 * own reads: GET /api/auth/me for the header, and the company or ticket the path names. The API's
 * own permissions answer those reads, so a path the visitor may not see gets the plain page, as does a
 * session that must enrol a second factor first, a path with a query, or any read that fails. The
 * shell shows this markup until the app's page has its heading (docs/architecture.md#weight).
 */
export async function signedInPage(sources: HintSources, url: string, visitor: SignedInVisitor): Promise<PrerenderedPage | undefined> {
  if (url.includes('?')) return undefined;
  const version = await ownerVersion(sources, url);
  if (!version) return undefined;
  const page = await remotePrerender(path.join(version.dir, PRERENDER_FILE));
  const routes = Object.keys(page?.signedIn ?? {});
  let match: { route: string; params: Record<string, string> } | undefined;
  for (const route of routes) {
    const params = matchRoute(route, url);
    if (params) match = { route, params };
  }
  if (!page || !match) return undefined;
  const frame = await shellPrerender(sources);
  const frameKey = visitor.adminLinks ? 'frame-admin' : 'frame';
  if (!frame?.signedIn?.[frameKey]?.includes(PAGE_SLOT)) return undefined;

  const me = (await visitor.read('/auth/me')) as { enrol_required?: boolean; contact?: unknown; dashboard?: unknown; locale?: { language?: unknown } } | undefined;
  if (!me || me.enrol_required) return undefined;
  // In the reader's language (the session answer's), where the build rendered it; else as written (English).
  const language = languageOf(typeof me.locale?.language === 'string' ? me.locale.language : undefined);
  const inLanguage = (file: PrerenderFile, key: string) => file.signedInLanguages?.[language]?.[key] ?? file.signedIn?.[key];
  const frameMarkup = inLanguage(frame, frameKey);
  const markup = inLanguage(page, match.route);
  if (!frameMarkup?.includes(PAGE_SLOT) || markup === undefined) return undefined;
  // The frame's links are written `/{{dashboard}}` (shell/src/prerender.tsx).
  const dashboard = typeof me.dashboard === 'string' ? me.dashboard.replace(/^\/+/, '') : undefined;
  const facts: Record<string, unknown> = { contact: me.contact, dashboard };
  const { params } = match;
  const reads: Record<string, string | undefined> = {
    company: params.companyId && `/company/${params.companyId}`,
    ticket: params.ticketId && `/ticket/${params.ticketId}`,
  };
  for (const source of placeholderSources(markup)) {
    if (source === 'contact' || source === 'dashboard') continue;
    const apiPath = reads[source];
    if (!apiPath) return undefined;
    facts[source] = await visitor.read(apiPath);
  }
  const slot = `<div ${FIRST_SCREEN_ATTRIBUTE}="">${markup}</div>`;
  const root = fillPlaceholders(frameMarkup.replace(PAGE_SLOT, () => slot), facts);
  if (root === undefined) return undefined;
  return {
    head: await prerenderedHead(sources.shellRoot, frame, path.posix.join(version.base, page.css)), root, personal: true,
    lang: language,
  };
}
