import { act, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { aClient, anAdmin, anAgent } from '@portal/testing';
import { fakeRemotes, loadedRemotes, renderShell } from '../../test-support/render-shell';
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
