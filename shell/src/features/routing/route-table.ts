import type { RemoteName } from '../../federation/remotes';

interface RouteOwner {
  /**
   * Path pattern from the site root, lower case: literal segments, `:param` for any one segment and a
   * trailing `*` for any deeper path (including none). The first matching entry owns the path, so more
   * specific patterns come first.
   */
  pattern: string;
  remote: RemoteName;
}

// Later issues move more sub-paths (company settings, admin settings, invoices) to their own remotes.
const ROUTE_TABLE: readonly RouteOwner[] = [
  { pattern: '', remote: 'auth' },
  { pattern: 'login', remote: 'auth' },
  { pattern: 'register', remote: 'auth' },
  { pattern: 'forgotpassword', remote: 'auth' },
  { pattern: 'resetpassword/*', remote: 'auth' },
  { pattern: 'verifyemail/*', remote: 'auth' },
  { pattern: 'clients/:clientId/tickets/new', remote: 'tickets' },
  { pattern: 'clients/:clientId/tickets/:ticketId', remote: 'tickets' },
  { pattern: 'admins/*', remote: 'dashboards' },
  { pattern: 'agents/*', remote: 'dashboards' },
  { pattern: 'clients/*', remote: 'dashboards' },
  { pattern: 'agreement', remote: 'dashboards' },
  { pattern: 'invoice', remote: 'dashboards' },
];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter((s) => s !== '');
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
  const segments = pathname.toLowerCase().split('/').filter((s) => s !== '');
  return ROUTE_TABLE.find((route) => matches(route.pattern, segments))?.remote ?? null;
}
