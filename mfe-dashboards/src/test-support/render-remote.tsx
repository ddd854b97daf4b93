import type { Contact } from '@portal/contract';
import { renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { RemoteRoutes } from '../routes';

/** The remote at `path` over the kit's portal, signed in as `viewer`; ticket and company pages it opens show a location marker. */
export function renderRemote(path: string, { viewer, ...options }: Omit<RenderWithPortalOptions, 'route' | 'stops' | 'viewer'> & { viewer: Contact }) {
  return renderWithPortal(<RemoteRoutes />, {
    route: path,
    viewer,
    stops: ['clients/:companyId/tickets/:ticketId', 'clients/:companyId/info'],
    ...options,
  });
}
