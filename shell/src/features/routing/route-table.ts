import { REMOTE_APPS } from '../../federation/remote-apps';
import type { RemoteName } from '../../federation/remotes';

interface RouteOwner {
  /**
   * Path pattern from the site root, lower case: literal segments, `:param` for any one segment and a
   * trailing `*` for any deeper path (including none).
   */
  pattern: string;
  parts: readonly string[];
  remote: RemoteName;
}

/** Literal beats `:param` beats `*`, segment by segment; a longer pattern beats its own prefix. */
function segmentRank(part: string | undefined): number {
  if (part === undefined) return 0;
  if (part === '*') return 1;
  return part.startsWith(':') ? 2 : 3;
}

function moreSpecificFirst(a: RouteOwner, b: RouteOwner): number {
  const length = Math.max(a.parts.length, b.parts.length);
  for (let index = 0; index < length; index += 1) {
    const difference = segmentRank(b.parts[index]) - segmentRank(a.parts[index]);
    if (difference !== 0) return difference;
  }
  return 0;
}

const splitPath = (path: string) => path.split('/').filter((s) => s !== '');

// Each remote lists the routes it owns in shared/build-config/remotes.json; the most specific
// pattern wins, so a remote may own a deeper path under another's wildcard (tickets under clients/*).
const ROUTE_TABLE: readonly RouteOwner[] = REMOTE_APPS.flatMap((remote) =>
  remote.routes.map((pattern) => ({ pattern, parts: splitPath(pattern.toLowerCase()), remote: remote.name })),
).sort(moreSpecificFirst);

function matches(parts: readonly string[], segments: readonly string[]): boolean {
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return segments.length === parts.length;
}

/** The remote that owns a path, or null when no part of the portal does (the shell shows not-found). */
export function remoteForPath(pathname: string): RemoteName | null {
  const segments = splitPath(pathname.toLowerCase());
  return ROUTE_TABLE.find((route) => matches(route.parts, segments))?.remote ?? null;
}
