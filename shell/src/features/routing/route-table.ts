import { routeOwners } from '@portal/contract/remotes';
import { REMOTE_APPS } from '../../federation/remote-apps';
import type { RemoteName } from '../../federation/remotes';

// Each remote lists the routes it owns in shared/build-config/remotes.json; the most specific
// pattern wins (the rule is @portal/contract's routeOwners, which the server's page hints use too).
const ownerOf = routeOwners(REMOTE_APPS.map((remote) => ({ name: remote.name as RemoteName, routes: remote.routes })));

/** The remote that owns a path, or null when no part of the portal does (the shell shows not-found). */
export function remoteForPath(pathname: string): RemoteName | null {
  return ownerOf(pathname) ?? null;
}
