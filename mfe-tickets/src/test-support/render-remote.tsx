import type { ReactNode } from 'react';
import { renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';

/** Where the screens send a user: each renders a location marker, so tests can assert it. */
const STOPS = ['/agents', '/clients', '/admins', '/login', '/previous'];

/** `ui` over the kit's portal, with the places the screens navigate to as stops. */
export function renderRemote(ui: ReactNode, options: Omit<RenderWithPortalOptions, 'stops'> = {}) {
  return renderWithPortal(ui, { route: '/x', ...options, stops: STOPS });
}
