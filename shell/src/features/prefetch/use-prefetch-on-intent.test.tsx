import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { PageReads } from '@portal/api-client';
import { aClient, renderWithPortal } from '@portal/testing';
import { remoteForPath } from '../routing/route-table';
import { HOVER_INTENT_MS, usePrefetchOnIntent } from './use-prefetch-on-intent';

const dashboardReads: PageReads = { '/clients/:companyId': ({ companyId }) => [`/company/${companyId}`] };
const ticketReads: PageReads = { '/clients/:companyId/tickets/:ticketId': ({ ticketId }, reader) => [`/ticket/${ticketId}`, `/contact/${reader.contactId}/x`] };

function setup({ route = '/clients/4', prefetchCode }: { route?: string; prefetchCode?: (remote: string) => void } = {}) {
  const loadRoutes = jest.fn((): Promise<ComponentType> => Promise.resolve(() => null));
  const loadRemote = jest.fn(async (remote: string) => ({ pageReads: remote === 'tickets' ? ticketReads : remote === 'dashboards' ? dashboardReads : undefined }));
  const read = jest.fn();
  function Probe() {
    usePrefetchOnIntent({ loadRemoteRoutes: loadRoutes, remoteFor: remoteForPath, read, prefetchCode });
    return (
      <main>
        <a href="/clients/4/tickets/9">Website down</a>
        <a href="/api/company/4/tickets.csv" download>Export</a>
        <a href="/admins">Admins</a>
        <a href="/clients/4/info">Settings</a>
        <a href="/clients/4">Dashboard</a>
      </main>
    );
  }
  renderWithPortal(<Probe />, { route, viewer: aClient(), loadRemote });
  return { loadRoutes, loadRemote, read };
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('reading the next screen ahead', () => {
  it('reads a ticket page ahead when the pointer rests on its link: the remote\'s code through the navigation\'s loader, then its reads', async () => {
    const { loadRoutes, loadRemote, read } = setup();
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Website down' }), { pointerType: 'mouse' });

    await waitFor(() => expect(read.mock.calls.map(([key]) => key)).toEqual(['/ticket/9', '/contact/31/x']));
    expect(loadRoutes).toHaveBeenCalledWith('tickets');
    expect(loadRemote).toHaveBeenCalledWith('tickets', './routes');
  });

  it('does not read ahead a link the pointer only passes over', async () => {
    const { loadRoutes, read } = setup();
    const link = screen.getByRole('link', { name: 'Website down' });
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    fireEvent.pointerOut(link, { pointerType: 'mouse', relatedTarget: document.body });
    await pause(HOVER_INTENT_MS * 3);

    expect(loadRoutes).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it.each([
    ['a finger touches it', (link: HTMLElement) => fireEvent.touchStart(link)],
    ['it takes the keyboard focus', (link: HTMLElement) => fireEvent.focusIn(link)],
  ])('reads a link ahead at once when %s', async (_how, intent) => {
    const { read } = setup();
    intent(screen.getByRole('link', { name: 'Website down' }));
    await waitFor(() => expect(read).toHaveBeenCalledWith('/ticket/9'));
  });

  it('loads the code of a page focused even when its remote lists no reads for it', async () => {
    const { loadRoutes, read } = setup();
    fireEvent.focusIn(screen.getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(loadRoutes).toHaveBeenCalledWith('companies'));
    expect(read).not.toHaveBeenCalled();
  });

  it('never reads ahead a download, a page the guard refuses, or anything while the tab is hidden', async () => {
    const { loadRoutes, read } = setup();
    fireEvent.touchStart(screen.getByRole('link', { name: 'Export' }));
    fireEvent.touchStart(screen.getByRole('link', { name: 'Admins' }));
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent.touchStart(screen.getByRole('link', { name: 'Website down' }));
    visibility.mockRestore();
    await pause(50);

    expect(loadRoutes).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });
});

describe('reading links in view ahead', () => {
  const observed: Element[] = [];
  beforeEach(() => {
    observed.length = 0;
    // Every link observed is in view at once.
    globalThis.IntersectionObserver = class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push(target);
        this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('reads ahead, once the browser is idle, the links in view to pages of remotes whose code is in, and loads no other remote\'s code', async () => {
    const { loadRoutes, read } = setup({ route: '/clients/4/tickets/3' });

    await waitFor(() => expect(read).toHaveBeenCalledWith('/ticket/9'));
    expect(observed.map((link) => link.textContent)).toEqual(['Website down', 'Admins', 'Settings', 'Dashboard']);
    expect(loadRoutes.mock.calls).toEqual([['tickets']]);
    expect(read).not.toHaveBeenCalledWith('/company/4');
  });

  it("once the screen has settled, fetches the code of the other remotes its links in view lead to, without running it", async () => {
    // Every link is inside the window (jsdom lays nothing out).
    const box = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 10, bottom: 30, left: 0, right: 100, width: 100, height: 20, x: 0, y: 10, toJSON: () => ({}) });
    try {
      const prefetchCode = jest.fn();
      const { loadRoutes } = setup({ route: '/clients/4/tickets/3', prefetchCode });

      // The company's settings (companies) and its dashboard (dashboards); not the tickets remote, whose code is in,
      // nor the admins' page, which the guard refuses a client; each remote once.
      await waitFor(() => expect(prefetchCode.mock.calls.map(([remote]) => remote).sort()).toEqual(['companies', 'dashboards']), { timeout: 5000 });
      expect(loadRoutes.mock.calls).toEqual([['tickets']]);
    } finally {
      box.mockRestore();
    }
  });
});
