import type { Contact } from '@portal/contract';
import { anAdmin, renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { RemoteRoutes } from '../routes';

/** The admin remote at `path`, signed in as `viewer` (an admin by default), over the kit's mock API. */
export function renderAdmin(path: string, options: Omit<RenderWithPortalOptions, 'route' | 'viewer'> & { viewer?: Contact } = {}) {
  const { viewer = anAdmin(), ...rest } = options;
  return renderWithPortal(<RemoteRoutes />, { ...rest, route: path, viewer, stops: ['/clients/*', '/agents/*'] });
}
