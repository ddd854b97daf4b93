import type { ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Contact } from '@portal/contract';
import { renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import type { RemoteName } from '../federation/remotes';
import { ShellLayout } from '../layout/shell-layout';

/** Stands in for a remote: shows which remote got the location, so tests can assert routing and redirects. */
function Where({ remote }: { remote: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${remote}:${location.pathname}${location.search}`}</p>;
}

function fakeRemote(name: string): ComponentType {
  return function FakeRemoteRoutes() {
    return (
      <Routes>
        <Route path="*" element={<Where remote={name} />} />
      </Routes>
    );
  };
}

export const fakeRemotes = (remote: RemoteName) => Promise.resolve(fakeRemote(remote));
/** Fake remotes that have already loaded: the shell's loader answers those at once. */
export const loadedRemotes = (remote: RemoteName) => fakeRemote(remote);

/** The shell's layout at `path` over the kit's portal, signed in as `viewer`, with fake remotes. */
export function renderShell(
  path: string,
  { viewer, api, handlers, load = fakeRemotes }: Pick<RenderWithPortalOptions, 'api' | 'handlers'> & {
    viewer?: Contact;
    load?: (remote: RemoteName) => Promise<ComponentType> | ComponentType;
  } = {},
) {
  return renderWithPortal(<ShellLayout loadRemoteRoutes={load} />, { route: path, viewer, api, handlers });
}
