import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import {
  aClient, anActivity, anAdmin, anAgent, apiPath, aTicketDetail, createMockApi, errorAnswer, http, type RenderWithPortalOptions,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { ActivityFeed } from './activity-feed';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>(
    '../../test-support/markdown-editor-double',
  );
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

/** Ticket #12 (requested by Cora Client, 31) with a note by Alan Agent and one by the support team. */
function openFeed(viewer: Contact, { handlers, requester = 31 }: Pick<RenderWithPortalOptions, 'handlers'> & { requester?: number | null } = {}) {
  const api = createMockApi({
    tickets: [aTicketDetail({ contact_id: requester })],
    activity: [anActivity(), anActivity({ activity_id: 2, contact_id: null, contact_name: null, note: 'Ticket imported.' })],
  });
  const view = renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer, api, handlers });
  return { ...view, mails: () => view.writes().filter((w) => w.url.endsWith('/sendactivity')) };
}

const note = (author: string) => screen.findByRole('listitem', { name: `Note by ${author}` });

describe('activity by e-mail', () => {
  it.each([['an agent', anAgent()], ['an admin', anAdmin()]])('lets %s e-mail a note to the requester', async (_who, viewer) => {
    const { mails, api } = openFeed(viewer);
    const item = await note('Alan Agent');
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Email' })).toBeInTheDocument());
    expect(within(await note('support team')).getByRole('button', { name: 'Email' })).toBeInTheDocument();

    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Email' })));

    expect(await screen.findByRole('status')).toHaveTextContent('Activity email sent.');
    expect(mails()).toEqual([
      { method: 'POST', url: '/api/contact/31/sendactivity', body: { activity: { note: 'Looking into it.', ticket_id: 12 } } },
    ]);
    expect(api.db.outbox).toEqual([{ to: 'client@demo.test', kind: 'activity' }]);
  });

  it('says the catalogue failure when the mail is not sent', async () => {
    openFeed(anAgent(), {
      handlers: [http.post(apiPath('/contact/:id/sendactivity'), () => errorAnswer(502, MESSAGES.activityEmailNotSent))],
    });
    const item = await note('Alan Agent');
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Email' })).toBeEnabled());

    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Email' })));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.activityEmailNotSent);
    expect(screen.queryByText('Activity email sent.')).toBeNull();
  });

  it('offers no Email button to a client', async () => {
    openFeed(aClient());
    await note('Alan Agent');
    await screen.findByText('Ticket imported.');
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
  });

  it('offers no Email button on a ticket without a requester', async () => {
    const { requests } = openFeed(anAgent(), { requester: null });
    await note('Alan Agent');
    await waitFor(() => expect(requests().some((r) => r.url === '/api/ticket/12')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
  });
});

describe('notes that came by e-mail', () => {
  it('marks a note written from a mail "by e-mail", and no other', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail()],
      activity: [
        anActivity({ activity_id: 3, contact_id: 31, contact_name: 'Cora Client', note: 'Answered from my phone.', source: 'mail' }),
        anActivity(),
      ],
    });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api });
    expect(within(await note('Cora Client')).getByText('by e-mail')).toBeInTheDocument();
    expect(within(await note('Alan Agent')).queryByText('by e-mail')).toBeNull();
    expect(screen.getAllByText('by e-mail')).toHaveLength(1);
  });
});

describe('internal notes', () => {
  it('marks an internal note for staff: its own name, an "Internal" badge, and no Email button', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail({ contact_id: 31 })],
      activity: [anActivity({ activity_id: 6, note: 'Hosting password is in the vault.', internal: true }), anActivity()],
    });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: anAgent(), api });
    const internal = await screen.findByRole('listitem', { name: 'Internal note by Alan Agent' });
    expect(internal).toHaveTextContent('Hosting password is in the vault.');
    expect(within(internal).getByText('Internal')).toBeInTheDocument();
    const reply = await note('Alan Agent');
    await waitFor(() => expect(within(reply).getByRole('button', { name: 'Email' })).toBeInTheDocument());
    expect(within(reply).queryByText('Internal')).toBeNull();
    expect(within(internal).queryByRole('button', { name: 'Email' })).toBeNull();
  });
});

describe('status lines', () => {
  it('draws a status change as a line, not a note, for a client too', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail()],
      activity: [
        anActivity({ activity_id: 5, contact_id: 31, contact_name: 'Cora Client', note: 'Ticket cancelled (was In Progress).', source: 'status' }),
        anActivity(),
      ],
    });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api });
    const line = await screen.findByRole('listitem', { name: 'Status change by Cora Client' });
    expect(line).toHaveTextContent('Ticket cancelled (was In Progress).');
    expect(line).toHaveTextContent('by Cora Client');
    expect(screen.queryByRole('listitem', { name: 'Note by Cora Client' })).toBeNull();
    expect(await note('Alan Agent')).toBeInTheDocument();
  });

  it('offers staff no Email button on a status line', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail({ contact_id: 31 })],
      activity: [anActivity({ activity_id: 5, note: 'Status changed: Backlog → Assigned.', source: 'status' }), anActivity({ activity_id: 4 })],
    });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: anAgent(), api });
    const line = await screen.findByRole('listitem', { name: 'Status change by Alan Agent' });
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Note by Alan Agent' })).getByRole('button', { name: 'Email' })).toBeInTheDocument());
    expect(within(line).queryByRole('button', { name: 'Email' })).toBeNull();
  });
});

describe('older notes', () => {
  /** 47 notes, one a minute: Note 46 is the newest. */
  const notes = Array.from({ length: 47 }, (_, i) =>
    anActivity({ activity_id: 100 + i, note: `Note ${i}`, date_created: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString() }));
  const shown = () => within(screen.getByRole('region', { name: 'Activity feed' })).getAllByRole('listitem').map((li) => li.textContent?.match(/Note \d+/)?.[0]);

  it('shows the newest page, then older pages with "Load older notes" until the first note, asking the API by cursor', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: [...notes] });
    const view = renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api });

    await waitFor(() => expect(shown()).toHaveLength(20));
    expect(shown()[0]).toBe('Note 46');
    expect(shown()[19]).toBe('Note 27');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load older notes' })));
    await waitFor(() => expect(shown()).toHaveLength(40));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load older notes' })));
    await waitFor(() => expect(shown()).toHaveLength(47));
    expect(shown()).toEqual(notes.map((n) => n.note).reverse());
    expect(screen.queryByRole('button', { name: 'Load older notes' })).toBeNull();

    const asked = view.requests().map((r) => new URL(r.url, 'http://x')).filter((u) => u.pathname === '/api/ticket/12/activity');
    expect(asked[0]?.searchParams.get('limit')).toBe('20');
    expect(asked.some((u) => u.searchParams.get('before') === '2026-11-01T09:27:00.000Z_127')).toBe(true);
  });

  it('opens at the note the address names (#note-{id}, a search result), loading older pages until it is there', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: [...notes] });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api, route: '/x#note-103' });

    await waitFor(() => expect(shown()).toHaveLength(47));
    const targeted = document.getElementById('note-103');
    expect(targeted).toHaveTextContent('Note 3');
    expect(targeted).toHaveAttribute('data-targeted', 'true');
  });

  it('keeps the loaded notes when a new one arrives, and drops one an admin deleted', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: [...notes] });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll />, { viewer: aClient(), api });
    await waitFor(() => expect(shown()).toHaveLength(20));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load older notes' })));
    await waitFor(() => expect(shown()).toHaveLength(40));

    // Someone writes a note and an admin deletes an old one: the next refresh shows both changes, no gap.
    api.db.activity = [anActivity({ activity_id: 500, note: 'Note 99', date_created: '2026-11-02T00:00:00.000Z' }), ...api.db.activity.filter((a) => a.note !== 'Note 10')];
    await waitFor(() => expect(shown()[0]).toBe('Note 99'), { timeout: 7000 });
    expect(shown()).toEqual(['Note 99', ...notes.slice(7).map((n) => n.note).reverse().filter((n) => n !== 'Note 10')]);
  }, 15_000);

  it('loads the next page when the end of the feed scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; root: Element | Document | null | undefined }[] = [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        observed.push({ callback, root: init?.root });
      }
      observe() {}
      disconnect() {}
    }
    Object.assign(window, { IntersectionObserver: FakeObserver });
    try {
      const api = createMockApi({ tickets: [aTicketDetail()], activity: [...notes] });
      renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api });
      await waitFor(() => expect(shown()).toHaveLength(20));
      await waitFor(() => expect(observed.length).toBeGreaterThan(0));
      const { callback, root } = observed[observed.length - 1]!;
      expect(root).toBe(screen.getByRole('region', { name: 'Activity feed' }));
      await act(async () => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      await waitFor(() => expect(shown()).toHaveLength(40));
    } finally {
      Object.assign(window, { IntersectionObserver: undefined });
    }
  });

  it('shows a short feed whole, with nothing more to load', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: notes.slice(0, 5) });
    renderRemote(<ActivityFeed ticketId={12} canDelete={false} timeZone="UTC" poll={false} />, { viewer: aClient(), api });
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load older notes' })).toBeNull();
  });
});
