import { act, fireEvent, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { aClient, anAdmin, anAgent } from '@portal/testing';
import { fakeRemotes, loadedRemotes, renderShell } from '../../test-support/render-shell';
import { listenToReleaseNotes, serveVersions, type ReleaseNote } from '../../federation/served-versions';
import { reloadPage } from './reload-page';

jest.mock('./reload-page', () => ({ ...jest.requireActual('./reload-page'), reloadPage: jest.fn() }));

const [admin, agent, client] = [anAdmin(), anAgent(), aClient()];

const where = () => screen.findByTestId('where');

describe('route guard and remote outlet', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends a signed-out visitor of a guarded page to /login, keeping the location', async () => {
    renderShell('/admins/stats?from=e2e');
    expect(await where()).toHaveTextContent('auth:/login?redirect=%2Fadmins%2Fstats%3Ffrom%3De2e');
  });

  it('lets a signed-out visitor see public pages', async () => {
    renderShell('/register');
    expect(await where()).toHaveTextContent('auth:/register');
  });

  it('keeps /admins for admins and sends anyone else to /', async () => {
    const first = renderShell('/admins/settings', { viewer: admin });
    expect(await where()).toHaveTextContent('admin:/admins/settings');
    first.unmount();

    renderShell('/admins', { viewer: agent });
    expect(await where()).toHaveTextContent('auth:/');
  });

  it('keeps a client out of agent pages and out of other companies', async () => {
    const first = renderShell('/agents/2/tickets', { viewer: client });
    expect(await where()).toHaveTextContent('dashboards:/clients');
    first.unmount();

    renderShell('/clients/999/info', { viewer: client });
    expect(await where()).toHaveTextContent('dashboards:/clients/4');
  });

  it('renders a remote that has already loaded in the first render, with no Loading… state', () => {
    renderShell('/login', { load: loadedRemotes });
    expect(screen.getByTestId('where')).toHaveTextContent('auth:/login');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows Loading… while a remote loads, then the remote', async () => {
    renderShell('/login');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await where()).toHaveTextContent('auth:/login');
  });

  it('shows the not-found page for a path no remote owns', async () => {
    renderShell('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows an error panel with Retry when a remote fails, and Retry loads it again', async () => {
    let down = true;
    const load = jest.fn(async (remote: Parameters<typeof fakeRemotes>[0]): Promise<ComponentType> => {
      if (down) throw new Error('RUNTIME-003: dashboards is unreachable');
      return fakeRemotes(remote);
    });
    renderShell('/agents', { viewer: agent, load });

    expect(await screen.findByText(/could not be loaded/i)).toBeInTheDocument();
    expect(screen.getByText('Welcome, Alan Agent!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    down = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

    expect(await where()).toHaveTextContent('dashboards:/agents');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the page again on Retry when the page preloaded the failed remote (a failed preload would answer again)', async () => {
    const preload = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'script', href: '/remotes/dashboards/v1/remoteEntry.js' })) preload.setAttribute(name, value);
    document.head.append(preload);
    const load = jest.fn(async (): Promise<ComponentType> => {
      throw new Error('RUNTIME-008: dashboards is unreachable');
    });
    renderShell('/agents', { viewer: agent, load });

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Retry' })));

    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    preload.remove();
  });

  it('catches a remote that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    renderShell('/agents', { viewer: agent, load: async () => Broken });

    expect(await screen.findByText(/could not be loaded/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

describe('what the outlet reports of a remote version, and version skew', () => {
  let notes: ReleaseNote[] = [];
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    notes = [];
    jest.mocked(reloadPage).mockClear();
    serveVersions({ dashboards: { entry: '/remotes/dashboards/v1/mf-manifest.json', version: 'v1' } });
    listenToReleaseNotes((note) => notes.push(note));
  });
  afterEach(() => {
    listenToReleaseNotes(undefined);
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const kinds = () => notes.map((note) => `${note.remote}@${note.version}:${note.kind}`);

  /** A dashboards version: a heading naming it and the path, a link to another page, and a button that re-renders it. */
  function versionRoutes(version: string, { heading = true } = {}): ComponentType {
    function Page() {
      const { pathname } = useLocation();
      const [clicks, setClicks] = useState(0);
      return (
        <>
          {heading ? <h1>{`${version} ${pathname}`}</h1> : <p>{`${version} ${pathname}`}</p>}
          <Link to="/agents/2/tickets">Next page</Link>
          <button type="button" onClick={() => setClicks(clicks + 1)}>{`Clicked ${clicks}`}</button>
        </>
      );
    }
    return function Routes1() {
      return (
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      );
    };
  }

  it('counts a load when a page of a remote starts to render, before its code is in, and each page after', async () => {
    let arrive: (routes: ComponentType) => void = () => undefined;
    const load = jest.fn((): Promise<ComponentType> => new Promise((resolve) => (arrive = resolve)));
    renderShell('/agents', { viewer: agent, load });

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(kinds()).toEqual(['dashboards@v1:load']);
    await act(async () => arrive(versionRoutes('v1')));
    expect(await screen.findByRole('heading', { name: 'v1 /agents' })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next page' })));
    expect(await screen.findByRole('heading', { name: 'v1 /agents/2/tickets' })).toBeInTheDocument();
    expect(kinds()).toEqual(['dashboards@v1:load', 'dashboards@v1:load']);
  });

  it('counts a page that showed no heading within 10 s, and not one that did', async () => {
    jest.useFakeTimers();
    const first = renderShell('/agents', { viewer: agent, load: () => versionRoutes('v1', { heading: false }) });
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(kinds()).toEqual(['dashboards@v1:load', 'dashboards@v1:no-heading']);
    first.unmount();

    notes = [];
    renderShell('/agents', { viewer: agent, load: () => versionRoutes('v1') });
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(kinds()).toEqual(['dashboards@v1:load']);
  });

  it("counts a remote's code that failed to load as a chunk, and a remote that throws while rendering as a panel", async () => {
    const first = renderShell('/agents', { viewer: agent, load: async () => { throw new Error('RUNTIME-008: dashboards is unreachable'); } });
    expect(await screen.findByText(/could not be loaded/i)).toBeInTheDocument();
    expect(kinds()).toEqual(['dashboards@v1:load', 'dashboards@v1:chunk']);
    first.unmount();

    notes = [];
    const Broken = () => {
      throw new Error('boom');
    };
    renderShell('/agents', { viewer: agent, load: async () => Broken });
    expect(await screen.findByText(/could not be loaded/i)).toBeInTheDocument();
    expect(kinds()).toEqual(['dashboards@v1:load', 'dashboards@v1:panel']);
  });

  it('keeps the page on screen when the map names a new version, and renders the new version at the next page, without a reload', async () => {
    const versions: Record<string, ComponentType> = { v1: versionRoutes('v1'), v2: versionRoutes('v2') };
    let current = 'v1';
    const load = jest.fn(() => versions[current]!);
    renderShell('/agents', { viewer: agent, load });
    expect(screen.getByRole('heading', { name: 'v1 /agents' })).toBeInTheDocument();

    // The shell read the map again: dashboards is now v2 (a canary aborted, a deploy).
    current = 'v2';
    serveVersions({ dashboards: { entry: '/remotes/dashboards/v2/mf-manifest.json', version: 'v2' } });
    // The page on screen keeps its state and version across its own renders.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' })));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'v1 /agents' })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next page' })));
    expect(await screen.findByRole('heading', { name: 'v2 /agents/2/tickets' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(kinds()).toEqual(['dashboards@v1:load', 'dashboards@v2:load']);
  });
});
