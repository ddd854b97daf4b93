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
