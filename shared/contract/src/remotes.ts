// First: it configures zod before the schemas below are built (this module is also shared on its own,
// as @portal/contract/remotes, and may load before index.ts).
import './no-eval-in-browser';
// zod's tree-shakable API: the remotes map is read on every page before anything else (the sign-in page
// included), and full zod was 23 KB of its JavaScript (README.md#weight).
import * as z from 'zod/mini';

/** A federation name: lower case, the remote's folder is `mfe-<name>`. */
export const remoteName = z.string().check(z.regex(/^[a-z][a-z0-9-]*$/));

/** One remote in the one list of remotes (`shared/build-config/remotes.json`). */
export const remoteApp = z.object({
  name: remoteName,
  /** Workspace folder from the repository root, e.g. `mfe-tickets`. */
  folder: z.string().check(z.minLength(1)),
  /** Port of its standalone dev server (`npm run dev`). */
  devPort: z.int().check(z.positive()),
  /**
   * Paths it owns, from the site root, lower case: literal segments, `:param` for any one segment and
   * a trailing `*` for any deeper path (including none).
   */
  routes: z.array(z.string()),
  /**
   * The page `deploy-remote` smoke-loads a new build on before it goes live, in a throwaway portal
   * on the demo data: signed in as the demo admin unless `public`.
   */
  smoke: z.optional(z.object({ path: z.string().check(z.startsWith('/')), public: z._default(z.boolean(), false) })),
});
export const remoteAppList = z.array(remoteApp);

/** Where one deployed build of a remote is: the URL of its mf-manifest.json and its version. */
export const remoteMapEntry = z.object({ entry: z.string().check(z.minLength(1)), version: z.string() });

/** The remotes map (`/remotes.json`) the shell reads at run time: name -> deployed build. */
export const remotesMap = z.record(remoteName, remoteMapEntry);

export type RemoteApp = z.infer<typeof remoteApp>;
export type RemoteMapEntry = z.infer<typeof remoteMapEntry>;
export type RemotesMap = z.infer<typeof remotesMap>;

/**
 * Reads a remotes map leniently: entries that are malformed, or whose name is not in `known` when
 * given, are dropped, so one bad entry never takes the other remotes down.
 */
export function parseRemotesMap(body: unknown, known?: readonly string[]): RemotesMap {
  const map: RemotesMap = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return map;
  for (const [name, value] of Object.entries(body)) {
    if (known && !known.includes(name)) continue;
    if (!remoteName.safeParse(name).success) continue;
    const entry = remoteMapEntry.safeParse(value);
    if (entry.success) map[name] = { entry: entry.data.entry, version: entry.data.version };
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
