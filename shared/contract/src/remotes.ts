// The remotes list, the remotes map and the route rule, as the shell reads them before anything else (it is
// shared on its own, as @portal/contract/remotes). No zod here: the sign-in page loads this module, and the
// validator was 15 KB of its JavaScript (docs/performance.md#what-keeps-the-first-screen-small). The schemas that check the list and the map where
// they are written (builds, deploys, the server) are remotes-schemas.ts, a subpath of its own
// (@portal/contract/remotes-schemas) so no browser bundle carries them; remotes-schemas.test.ts holds the
// lenient reading below to them.

/** A federation name: lower case, the remote's folder is `mfe-<name>`. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/** One remote in the one list of remotes (`shared/build-config/remotes.json`). */
export interface RemoteApp {
  name: string;
  /** Workspace folder from the repository root, e.g. `mfe-tickets`. */
  folder: string;
  /** Port of its standalone dev server (`npm run dev`). */
  devPort: number;
  /**
   * Paths it owns, from the site root, lower case: literal segments, `:param` for any one segment and
   * a trailing `*` for any deeper path (including none).
   */
  routes: string[];
  /**
   * The page `deploy-remote` smoke-loads a new build on before it goes live, in a throwaway portal
   * on the demo data: signed in as the demo admin unless `public`.
   */
  smoke?: { path: string; public: boolean };
}

/** Where one deployed build of a remote is: the URL of its mf-manifest.json and its version. */
export interface RemoteMapEntry {
  entry: string;
  version: string;
  /**
   * In a map served to one visitor: this is the remote's canary, which the server picked for them
   * (docs/deploying-a-remote.md#canary-releases). The deployed map file never holds it.
   */
  canary?: true;
}

/** The remotes map (`/remotes.json`) the shell reads at run time: name -> deployed build. */
export type RemotesMap = Record<string, RemoteMapEntry>;

function mapEntryOf(value: unknown): RemoteMapEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { entry, version, canary } = value as { entry?: unknown; version?: unknown; canary?: unknown };
  if (typeof entry !== 'string' || entry.length === 0 || typeof version !== 'string') return undefined;
  return canary === true ? { entry, version, canary } : { entry, version };
}

/**
 * Reads a remotes map leniently: entries that are malformed, or whose name is not in `known` when
 * given, are dropped, so one bad entry never takes the other remotes down.
 */
export function parseRemotesMap(body: unknown, known?: readonly string[]): RemotesMap {
  const map: RemotesMap = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return map;
  for (const [name, value] of Object.entries(body)) {
    if (known && !known.includes(name)) continue;
    if (!REMOTE_NAME.test(name)) continue;
    const entry = mapEntryOf(value);
    if (entry) map[name] = entry;
  }
  return map;
}

const splitPath = (path: string) => path.split('/').filter((segment) => segment !== '');

/** Literal beats `:param` beats `*`, segment by segment; a longer pattern beats its own prefix. */
function segmentRank(part: string | undefined): number {
  if (part === undefined) return 0;
  if (part === '*') return 1;
  return part.startsWith(':') ? 2 : 3;
}

function matches(parts: readonly string[], segments: readonly string[]): boolean {
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return segments.length === parts.length;
}

/**
 * The route table of the remotes list (shared/build-config/remotes.json): each remote owns its path
 * patterns (literal segments, `:param` for any one segment, a trailing `*` for any deeper path,
 * including none); the most specific pattern wins, so a remote may own a deeper path under another's
 * wildcard (tickets under clients/*). Answers the owner of a path, or undefined. The shell routes by
 * it; the server preloads the owner's files with each page.
 */
export function routeOwners<Name extends string>(remotes: readonly { name: Name; routes: readonly string[] }[]): (pathname: string) => Name | undefined {
  const table = remotes
    .flatMap((remote) => remote.routes.map((pattern) => ({ parts: splitPath(pattern.toLowerCase()), remote: remote.name })))
    .sort((a, b) => {
      for (let index = 0; index < Math.max(a.parts.length, b.parts.length); index += 1) {
        const difference = segmentRank(b.parts[index]) - segmentRank(a.parts[index]);
        if (difference !== 0) return difference;
      }
      return 0;
    });
  return (pathname) => {
    const segments = splitPath(pathname.toLowerCase());
    return table.find((route) => matches(route.parts, segments))?.remote;
  };
}

// The data blocks the server writes into a page for the shell (`<script type="application/json" id="…">`, never
// executed, so the script policy does not govern them): one id each, for the server that writes and the shell that reads.

/** The remotes map as the server read it for this page (shell/src/federation/remotes-map-request.ts). */
export const REMOTES_MAP_BLOCK_ID = 'portal-remotes';

/** The answers of the page's first reads (docs/performance.md#data-with-the-page, shell/src/app/first-reads.ts). */
export const FIRST_READS_BLOCK_ID = 'portal-first-reads';
