import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig, type Middleware } from 'swr';
import { LIVE_CATCH_UP_WAIT_MS, LIVE_SAFETY_POLL_MS } from '@portal/domain';
import {
  anActivity, anAdmin, aNotification, apiPath, aTicketDetail, aTicketSummary, http, HttpResponse, recordedRequests, renderWithPortal, server,
} from '@portal/testing';
import { useTicketActivity } from './activity';
import { useLiveStatus } from './live-status';
import { safetyNetKeys } from './live-watch';
import { useLiveUpdates } from './live';
import { NOTIFICATIONS_POLL_MS, useNotifications } from './notifications';
import { TICKET_POLL_MS, useStaffTickets, useTicket } from './tickets';

const admin = anAdmin();
const seeded = {
  tickets: [aTicketSummary({ ticket_id: 7 }), aTicketSummary({ ticket_id: 70 })],
  activity: [anActivity({ activity_id: 1, ticket_id: 7 }), anActivity({ activity_id: 2, ticket_id: 70 })],
  notifications: [aNotification({ contact_id: admin.contact_id })],
};

const gets = (since = 0) => recordedRequests().slice(since).filter((r) => r.method === 'GET').map((r) => r.url);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** What a ticket screen reads, unpolled: ticket 7, its activity, and ticket 70's activity (a key 7's is a prefix of). */
function TicketScreen() {
  useLiveUpdates(admin.contact_id);
  useTicket(7);
  useTicketActivity(7);
  useTicketActivity(70);
  return <p role="status">{useLiveStatus() ? 'live' : 'polling'}</p>;
}

async function openTicketScreen() {
  const view = renderWithPortal(<TicketScreen />, { viewer: admin, api: seeded });
  await waitFor(() => expect(gets()).toHaveLength(3));
  return view;
}

describe('useLiveUpdates', () => {
  afterEach(() => jest.useRealTimers());

  it('opens one stream to /api/events with the session cookie', async () => {
    const { live } = await openTicketScreen();
    expect(live.open()).toHaveLength(1);
    expect(live.open()[0]).toMatchObject({ url: `${window.location.origin}/api/events`, withCredentials: true });
  });

  it('on a stale event revalidates the keys it names and no other', async () => {
    const { live } = await openTicketScreen();
    const before = recordedRequests().length;

    live.stale(['/ticket/7/activity']);
    await waitFor(() => expect(gets(before)).toEqual(['/api/ticket/7/activity']));
    await settle();
    expect(gets(before)).toEqual(['/api/ticket/7/activity']);
  });

  it('a stale key covers the key itself and its query-string variants, not longer paths', async () => {
    function Screen() {
      useLiveUpdates(admin.contact_id);
      useTicket(7);
      useStaffTickets('list', { paused: true });
      return null;
    }
    const { live } = renderWithPortal(<Screen />, { viewer: admin, api: seeded });
    await waitFor(() => expect(gets()).toHaveLength(2));
    const before = recordedRequests().length;

    live.stale(['/ticket', '/staff/tickets']);
    await waitFor(() => expect(gets(before)).toEqual(['/api/staff/tickets?view=list']));
    await settle();
    expect(gets(before)).toEqual(['/api/staff/tickets?view=list']);
  });

  it('marks the stream live on ready and catches up on everything on screen, again after a drop', async () => {
    const { live } = await openTicketScreen();
    expect(screen.getByRole('status').textContent).toBe('polling');

    let before = recordedRequests().length;
    live.ready();
    expect(screen.getByRole('status').textContent).toBe('live');
    await waitFor(() => expect(gets(before).sort()).toEqual(['/api/ticket/7', '/api/ticket/7/activity', '/api/ticket/70/activity']));

    live.error();
    expect(screen.getByRole('status').textContent).toBe('polling');
    before = recordedRequests().length;
    live.ready();
    expect(screen.getByRole('status').textContent).toBe('live');
    await waitFor(() => expect(gets(before).sort()).toEqual(['/api/ticket/7', '/api/ticket/7/activity', '/api/ticket/70/activity']));
    expect(live.opened()).toHaveLength(1);
  });

  it('closes the stream when signed out and when unmounted', async () => {
    function Toggle() {
      const [signedIn, setSignedIn] = useState<number | null>(admin.contact_id);
      useLiveUpdates(signedIn);
      return <button onClick={() => setSignedIn(null)}>{useLiveStatus() ? 'live' : 'polling'}</button>;
    }
    const { live, unmount } = renderWithPortal(<Toggle />, { viewer: admin, api: seeded });
    live.ready();
    expect(screen.getByRole('button').textContent).toBe('live');

    act(() => screen.getByRole('button').click());
    expect(live.open()).toHaveLength(0);
    expect(screen.getByRole('button').textContent).toBe('polling');
    unmount();
    expect(live.opened()).toHaveLength(1);
  });

  it('after the browser gives up, opens again with a back-off while the session holds, and stops on a 401', async () => {
    jest.useFakeTimers();
    const { live, api } = renderWithPortal(<TicketScreen />, { viewer: admin, api: seeded });
    live.ready();
    live.error({ closed: true });
    expect(live.open()).toHaveLength(0);

    await act(() => jest.advanceTimersByTimeAsync(1100));
    expect(live.open()).toHaveLength(1);
    expect(gets()).toContain('/api/auth/me');

    live.error({ closed: true });
    api.db.session = null;
    await act(() => jest.advanceTimersByTimeAsync(1100));
    expect(live.open()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(live.opened()).toHaveLength(2);
  });
});

describe('polling follows the stream', () => {
  afterEach(() => jest.useRealTimers());

  const intervals = new Map<string, unknown>();
  const recordInterval: Middleware = (useSWRNext) => (key, fetcher, config) => {
    if (typeof key === 'string') intervals.set(key, config.refreshInterval);
    return useSWRNext(key, fetcher, config);
  };

  function PolledScreen({ held = false }: { held?: boolean }) {
    useLiveUpdates(admin.contact_id);
    useNotifications(admin.contact_id);
    useTicket(7, { poll: true, held });
    useTicketActivity(7, { poll: true });
    return null;
  }

  const render = (held = false) =>
    renderWithPortal(<SWRConfig value={{ use: [recordInterval] }}><PolledScreen held={held} /></SWRConfig>, { viewer: admin, api: seeded });

  const polling = () => ({
    notifications: intervals.get(`/contact/${admin.contact_id}/notifications`),
    ticket: intervals.get('/ticket/7'),
    activity: intervals.get('/ticket/7/activity'),
  });

  it('polls at the documented intervals until the stream is ready, at the safety net while it is open, and again at the documented intervals when it errors', () => {
    const { live } = render();
    expect(polling()).toEqual({ notifications: NOTIFICATIONS_POLL_MS, ticket: TICKET_POLL_MS, activity: TICKET_POLL_MS });

    // At the safety net no hook polls alone: the tab checks their keys together (below).
    live.ready();
    expect(polling()).toEqual({ notifications: 0, ticket: 0, activity: 0 });
    expect(safetyNetKeys().sort()).toEqual([`/contact/${admin.contact_id}/notifications`, '/ticket/7', '/ticket/7/activity']);

    live.error();
    expect(polling()).toEqual({ notifications: NOTIFICATIONS_POLL_MS, ticket: TICKET_POLL_MS, activity: TICKET_POLL_MS });
    expect(safetyNetKeys()).toEqual([]);
  });

  it('a held ticket does not poll at all, live or not, nor is it checked', () => {
    const { live } = render(true);
    expect(polling().ticket).toBe(0);
    live.ready();
    expect(polling().ticket).toBe(0);
    expect(safetyNetKeys()).not.toContain('/ticket/7');
  });

  it('counts the bell requests: none in 5 s while live, one a second once the stream errors', async () => {
    jest.useFakeTimers();
    function Bell() {
      useLiveUpdates(admin.contact_id);
      useNotifications(admin.contact_id);
      return null;
    }
    const { live } = renderWithPortal(<Bell />, { viewer: admin, api: seeded });
    const bell = () => gets().filter((url) => url.endsWith('/notifications')).length;
    await act(() => jest.advanceTimersByTimeAsync(10));
    live.ready();
    await act(() => jest.advanceTimersByTimeAsync(10));
    const afterCatchUp = bell();

    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(bell()).toBe(afterCatchUp);

    live.error();
    await act(() => jest.advanceTimersByTimeAsync(3050));
    expect(bell()).toBeGreaterThanOrEqual(afterCatchUp + 3);
  });

  describe('the safety net in one request', () => {
    const checks = () => recordedRequests().filter((r) => r.method === 'POST' && r.url === '/api/events/check')
      .map((r) => r.body as { keys: { key: string; etag: string | null }[] });
    const TICKET_TAG = '"ticket-7-v1"';

    function Screen() {
      useLiveUpdates(admin.contact_id);
      useNotifications(admin.contact_id);
      useTicket(7, { poll: true });
      return null;
    }

    /** The screen with its first answers in, as a stream that comes back after a drop finds it. */
    async function openScreen() {
      const view = renderWithPortal(<Screen />, { viewer: admin, api: seeded });
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(gets()).toHaveLength(2);
      return view;
    }

    it('every 30 s while live, checks the keys polled at the safety net with the ETags of the answers shown, and reads again only those named', async () => {
      jest.useFakeTimers();
      const { live } = await openScreen();
      // The ticket's answer comes with an ETag from now on (the catch-up on ready reads it).
      server.use(http.get(apiPath('/ticket/:id'), () => HttpResponse.json(aTicketDetail({ ticket_id: 7, title: 'Tagged' }), { headers: { etag: TICKET_TAG } })));
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      // The catch-up on ready was one check (the test kit names every key: both were read again).
      expect(checks()).toHaveLength(1);
      const notifications = `/contact/${admin.contact_id}/notifications`;
      server.use(http.post(apiPath('/events/check'), () => HttpResponse.json({ stale: [notifications] })));
      const before = recordedRequests().length;

      await act(() => jest.advanceTimersByTimeAsync(LIVE_SAFETY_POLL_MS - 200));
      expect(checks()).toHaveLength(1);
      await act(() => jest.advanceTimersByTimeAsync(300));
      expect(checks()).toHaveLength(2);
      expect(checks()[1]!.keys).toEqual(expect.arrayContaining([{ key: '/ticket/7', etag: TICKET_TAG }, { key: notifications, etag: null }]));
      expect(checks()[1]!.keys).toHaveLength(2);
      await act(() => jest.advanceTimersByTimeAsync(50));
      expect(gets(before)).toEqual([`/api${notifications}`]);

      // The stream drops: each screen polls on its own again, and no check goes.
      live.error();
      await act(() => jest.advanceTimersByTimeAsync(LIVE_SAFETY_POLL_MS));
      expect(checks()).toHaveLength(2);
    });

    it('the catch-up on ready checks the keys on screen with their answers\' ETags and reads again only those named', async () => {
      jest.useFakeTimers();
      const { live } = await openScreen();
      server.use(http.get(apiPath('/ticket/:id'), () => HttpResponse.json(aTicketDetail({ ticket_id: 7, title: 'Tagged' }), { headers: { etag: TICKET_TAG } })));
      // A first stream: the test kit's check names every key, so the ticket is read again, with its ETag now.
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      live.error();
      const notifications = `/contact/${admin.contact_id}/notifications`;
      server.use(http.post(apiPath('/events/check'), () => HttpResponse.json({ stale: [notifications] })));
      const before = recordedRequests().length;
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(checks()).toHaveLength(2);
      expect(checks()[1]!.keys).toEqual(expect.arrayContaining([{ key: '/ticket/7', etag: TICKET_TAG }, { key: notifications, etag: null }]));
      expect(gets(before)).toEqual([`/api${notifications}`]);

      // A failed catch-up reads everything on screen again.
      live.error();
      server.use(http.post(apiPath('/events/check'), () => new HttpResponse(null, { status: 503 })));
      const again = recordedRequests().length;
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(gets(again).sort()).toEqual([`/api${notifications}`, '/api/ticket/7']);
    });

    it('on ready before the first answers are in, checks those keys once they are, with their ETags: nothing is read twice', async () => {
      jest.useFakeTimers();
      const notifications = `/contact/${admin.contact_id}/notifications`;
      const { live } = renderWithPortal(<Screen />, {
        viewer: admin,
        api: seeded,
        handlers: [
          http.get(apiPath('/ticket/:id'), () => HttpResponse.json(aTicketDetail({ ticket_id: 7, title: 'Tagged' }), { headers: { etag: TICKET_TAG } })),
          http.post(apiPath('/events/check'), () => HttpResponse.json({ stale: [] })),
        ],
      });
      // The page and its stream start together: ready comes while the first reads are on their way.
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(gets().sort()).toEqual([`/api${notifications}`, '/api/ticket/7']);
      expect(checks()).toHaveLength(0);

      await act(() => jest.advanceTimersByTimeAsync(LIVE_CATCH_UP_WAIT_MS));
      expect(checks()).toHaveLength(1);
      expect(checks()[0]!.keys).toEqual(expect.arrayContaining([{ key: '/ticket/7', etag: TICKET_TAG }, { key: notifications, etag: null }]));
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(gets()).toHaveLength(2);

      // A change made before the stream was open is caught: the check names it, and it alone is read again.
      server.use(http.post(apiPath('/events/check'), () => HttpResponse.json({ stale: ['/ticket/7'] })));
      live.error();
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(gets().slice(2)).toEqual(['/api/ticket/7']);
    });

    it('a check that fails reads every key again, as their own polls would have', async () => {
      jest.useFakeTimers();
      const { live } = await openScreen();
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      server.use(http.post(apiPath('/events/check'), () => new HttpResponse(null, { status: 404 })));
      const before = recordedRequests().length;
      await act(() => jest.advanceTimersByTimeAsync(LIVE_SAFETY_POLL_MS + 50));
      expect(gets(before).sort()).toEqual([`/api/contact/${admin.contact_id}/notifications`, '/api/ticket/7']);
    });

    it('a check refused as too many (429) reads nothing this round, and the next round checks again', async () => {
      jest.useFakeTimers();
      const { live } = await openScreen();
      live.ready();
      await act(() => jest.advanceTimersByTimeAsync(100));
      server.use(http.post(apiPath('/events/check'), () => HttpResponse.json({ error: 'Too many requests. Please wait a minute and try again.' }, { status: 429 })));
      const before = recordedRequests().length;
      const checked = checks().length;
      await act(() => jest.advanceTimersByTimeAsync(LIVE_SAFETY_POLL_MS + 50));
      expect(checks()).toHaveLength(checked + 1);
      expect(gets(before)).toEqual([]);
      await act(() => jest.advanceTimersByTimeAsync(LIVE_SAFETY_POLL_MS));
      expect(checks()).toHaveLength(checked + 2);
    });
  });

  it('a change pushed while the ticket is held is fetched when the hold ends', async () => {
    function HeldScreen() {
      const [held, setHeld] = useState(true);
      useLiveUpdates(admin.contact_id);
      useTicket(7, { poll: true, held });
      return <button onClick={() => setHeld(false)}>release</button>;
    }
    const { live } = renderWithPortal(<HeldScreen />, { viewer: admin, api: seeded });
    await waitFor(() => expect(gets()).toEqual(['/api/ticket/7']));
    live.ready();
    live.stale(['/ticket/7']);
    await settle();
    expect(gets()).toEqual(['/api/ticket/7']);

    act(() => screen.getByRole('button', { name: 'release' }).click());
    await waitFor(() => expect(gets()).toEqual(['/api/ticket/7', '/api/ticket/7']));
  });

  describe('watch lists', () => {
    const STREAM = 'Stream-id_0123456789ab';
    const watches = () => recordedRequests().filter((r) => r.method === 'POST' && r.url === '/api/events/watch').map((r) => r.body as { stream: string; seq: number; keys: string[] | null });

    function SwitchingScreen() {
      const [other, setOther] = useState(false);
      useLiveUpdates(admin.contact_id);
      useTicket(other ? 70 : 7);
      useTicketActivity(7);
      useNotifications(admin.contact_id);
      return <button onClick={() => setOther(true)}>Ticket 70</button>;
    }

    it('after ready, tells the stream the paths of the keys on screen, and again when the screen changes, with a higher seq', async () => {
      const { live } = renderWithPortal(<SwitchingScreen />, { viewer: admin, api: seeded });
      await waitFor(() => expect(gets()).toHaveLength(3));
      await settle();
      expect(watches()).toEqual([]);

      live.ready(STREAM);
      await waitFor(() => expect(watches()).toHaveLength(1));
      expect(watches()[0]).toEqual({
        stream: STREAM, seq: expect.any(Number), keys: [`/contact/${admin.contact_id}/notifications`, '/ticket/7', '/ticket/7/activity'],
      });

      act(() => screen.getByRole('button', { name: 'Ticket 70' }).click());
      await waitFor(() => expect(watches()).toHaveLength(2));
      const [first, second] = watches();
      expect(second).toEqual({ stream: STREAM, seq: first!.seq + 1, keys: [`/contact/${admin.contact_id}/notifications`, '/ticket/7/activity', '/ticket/70'] });
      await settle();
      expect(watches()).toHaveLength(2);
    });

    it('a server that gives no stream id gets no list; a new stream after a drop gets its own', async () => {
      const { live } = renderWithPortal(<SwitchingScreen />, { viewer: admin, api: seeded });
      await waitFor(() => expect(gets()).toHaveLength(3));
      live.ready();
      await settle();
      expect(watches()).toEqual([]);

      live.error();
      live.ready(STREAM);
      await waitFor(() => expect(watches().map((w) => w.stream)).toEqual([STREAM]));
    });
  });
});
