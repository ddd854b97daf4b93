import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '@portal/session';
import { anAgent, aNotification, apiPath, errorAnswer, http } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';

const agent = anAgent();
const liveFlag = () => document.querySelector('[data-live]')?.getAttribute('data-live');

describe('the live stream', () => {
  it('opens exactly one stream while signed in, marks the layout live on ready, and closes it on sign-out', async () => {
    const { live } = renderShell('/agents', { viewer: agent });
    expect(await screen.findByText('Welcome, Alan Agent!')).toBeInTheDocument();
    expect(live.open()).toHaveLength(1);
    expect(live.open()[0]?.url).toMatch(/\/api\/events$/);
    expect(liveFlag()).toBe('off');

    live.ready();
    expect(liveFlag()).toBe('on');
    expect(live.opened()).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^auth:\/login$/);
    expect(live.open()).toHaveLength(0);
    expect(live.opened()).toHaveLength(1);
    expect(liveFlag()).toBe('off');
  });

  it("re-reads the session on ready: a client added to a company gets it without a reload", async () => {
    const view = renderShell('/agents', { viewer: agent });
    expect(await screen.findByText('Welcome, Alan Agent!')).toBeInTheDocument();
    const sessionReads = () => view.requests().filter((r) => r.url.endsWith('/auth/me')).length;
    await waitFor(() => expect(sessionReads()).toBeGreaterThan(0));
    const before = sessionReads();
    // What the server now says of the contact (a new company, or here a new name the header shows).
    view.api.db.session = { ...agent, first_name: 'Alana' };
    view.live.ready();
    await waitFor(() => expect(sessionReads()).toBe(before + 1));
    expect(await screen.findByText('Welcome, Alana Agent!')).toBeInTheDocument();
  });

  it("re-reads the session on ready: the portal's language and currency an admin changed since the sign-in reach the screens", async () => {
    const view = renderShell('/agents', { viewer: agent });
    expect(await screen.findByText('Welcome, Alan Agent!')).toBeInTheDocument();
    view.api.db.options.push({ option_name: 'locale', option_value: { language: 'de', currency: 'EUR' } });
    view.live.ready();
    expect(await screen.findByText('Willkommen, Alan Agent!', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ language: 'de', currency: 'EUR' });
    act(() => {
      useSession.getState().setLanguage('en');
      useSession.setState({ currency: 'USD' });
    });
  }, 30_000);

  it('opens none for a signed-out visitor', async () => {
    const { live } = renderShell('/login');
    expect(await screen.findByTestId('where')).toHaveTextContent('auth:/login');
    expect(live.opened()).toHaveLength(0);
  });

  it('closes the stream when the stored session turns out to be gone (401 on /auth/me)', async () => {
    const { live } = renderShell('/agents', { viewer: agent, handlers: [http.get(apiPath('/auth/me'), () => errorAnswer(401, 'Please sign in.'))] });
    await waitFor(() => expect(useSession.getState().isLoggedIn).toBe(false));
    expect(live.open()).toHaveLength(0);
  });

  it('a stale event for the notifications updates the bell without waiting for a poll', async () => {
    const view = renderShell('/agents', { viewer: agent, api: { notifications: [] } });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const bellReads = () => view.requests().filter((r) => r.url.endsWith('/notifications')).length;
    await waitFor(() => expect(bellReads()).toBeGreaterThan(0));
    const before = bellReads();
    view.live.ready();
    await waitFor(() => expect(bellReads()).toBe(before + 1));

    view.api.db.notifications.push(aNotification({ contact_id: agent.contact_id }));
    view.live.stale([`/contact/${agent.contact_id}/notifications`]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
