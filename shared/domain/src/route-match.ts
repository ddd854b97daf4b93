/**
 * A route's ids (`/clients/:companyId/tickets/:ticketId` against `/clients/1/tickets/9`: `{ companyId: '1', ticketId:
 * '9' }`) when the path is that route, ids being whole numbers from 1 (at most ten digits); undefined otherwise. A
 * trailing slash, a query and a hash are not part of the path. The server's first screens and the pages' reads match
 * routes this way (docs/performance.md#data-with-the-page).
 */
export function matchRoute(route: string, urlPath: string): Record<string, string> | undefined {
  const want = route.split('/');
  const have = urlPath.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index]!;
    if (part.startsWith(':')) {
      if (!/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
      params[part.slice(1)] = value;
    } else if (part !== value) return undefined;
  }
  return params;
}
