import type { Contact } from '@portal/contract';
import { renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { RemoteRoutes } from '../routes';

/** The billing remote at `path` over the kit's mock API, signed in as `viewer`. */
export function renderBilling(path: string, { viewer, ...options }: Omit<RenderWithPortalOptions, 'route' | 'viewer'> & { viewer: Contact }) {
  return renderWithPortal(<RemoteRoutes />, { route: path, viewer, ...options });
}
