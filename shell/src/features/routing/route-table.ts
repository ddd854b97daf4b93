import type { RemoteName } from '../../federation/remotes';

interface RouteOwner {
  /** First path segment, lower case; '' is the site root. */
  segment: string;
  /** Whether deeper paths (/segment/...) belong to the same remote. */
  nested: boolean;
  remote: RemoteName;
}

// Later issues move sub-paths (tickets, company settings, admin settings, invoices) to their own remotes.
const ROUTE_TABLE: readonly RouteOwner[] = [
  { segment: '', nested: false, remote: 'auth' },
  { segment: 'login', nested: false, remote: 'auth' },
  { segment: 'register', nested: false, remote: 'auth' },
  { segment: 'forgotpassword', nested: false, remote: 'auth' },
  { segment: 'resetpassword', nested: true, remote: 'auth' },
  { segment: 'verifyemail', nested: true, remote: 'auth' },
  { segment: 'admins', nested: true, remote: 'dashboards' },
  { segment: 'agents', nested: true, remote: 'dashboards' },
  { segment: 'clients', nested: true, remote: 'dashboards' },
  { segment: 'agreement', nested: false, remote: 'dashboards' },
  { segment: 'invoice', nested: false, remote: 'dashboards' },
];

/** The remote that owns a path, or null when no part of the portal does (the shell shows not-found). */
export function remoteForPath(pathname: string): RemoteName | null {
  const segments = pathname.split('/').filter((s) => s !== '');
  const first = (segments[0] ?? '').toLowerCase();
  const owner = ROUTE_TABLE.find((route) => route.segment === first);
  if (!owner) return null;
  if (segments.length > 1 && !owner.nested) return null;
  return owner.remote;
}
