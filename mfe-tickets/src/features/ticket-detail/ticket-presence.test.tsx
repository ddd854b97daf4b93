import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { useLiveUpdates } from '@portal/api-client';
import { aClient, anActivity, anAgent, aTicketDetail, createMockApi, type MockApi } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// Who is on the ticket now, and the reply that came while the editor was open (docs/product/tickets.md#who-is-on-the-ticket).

const PAGE = '/clients/4/tickets/12';
const STREAM = 'S'.repeat(22);
const agent = anAgent();

function LiveStream({ as }: { as: Contact }) {
  useLiveUpdates(as.contact_id);
  return null;
}

function open(as: Contact = agent, api: MockApi = createMockApi({ tickets: [aTicketDetail()], activity: [anActivity()] })) {
  return renderRemote(<><LiveStream as={as} /><RemoteRoutes /></>, { viewer: as, api, history: [PAGE] });
}
const presenceWrites = (view: ReturnType<typeof open>) =>
  view.writes().filter((write) => write.url === '/api/events/presence').map((write) => write.body);

beforeEach(() => sessionStorage.clear());

it('shows who else is on the ticket as the stream tells it, in a polite live region, and says that this tab shows it', async () => {
  const view = open();
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  view.live.ready(STREAM);
  await waitFor(() => expect(presenceWrites(view)).toEqual([{ stream: STREAM, ticket_id: 12, activity: 'viewing' }]));

  view.live.presence({ ticketId: 12, people: [
    { contactId: 3, name: 'Ada Admin', activity: 'replying' },
    { contactId: 7, name: 'Casey Client', activity: 'viewing' },
  ] });
  const line = screen.getByRole('status', { name: 'Who is on this ticket' });
  expect(line).toHaveAttribute('aria-live', 'polite');
  expect(await within(line).findByText('Ada Admin is typing a reply…')).toBeInTheDocument();
  expect(within(line).getByText('Casey Client is viewing')).toBeInTheDocument();

  // Another ticket's news changes nothing here; the people leaving clear the line.
  view.live.presence({ ticketId: 13, people: [{ contactId: 9, name: 'Dana Dev', activity: 'viewing' }] });
  expect(screen.queryByText('Dana Dev is viewing')).toBeNull();
  view.live.presence({ ticketId: 12, people: [] });
  await waitFor(() => expect(within(line).queryAllByTestId('presence-line')).toEqual([]));
}, 20_000);

it('says "replying" once while the note is typed, at most one request every few seconds, and viewing again once it is sent', async () => {
  const view = open();
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  view.live.ready(STREAM);
  await waitFor(() => expect(presenceWrites(view)).toHaveLength(1));
  const editor = await screen.findByRole('textbox', { name: 'New note' });
  for (const text of ['O', 'On', 'On it']) fireEvent.change(editor, { target: { value: text } });
  await waitFor(() => expect(presenceWrites(view)).toHaveLength(2), { timeout: 5000 });
  expect(presenceWrites(view)[1]).toEqual({ stream: STREAM, ticket_id: 12, activity: 'replying' });

  fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  await waitFor(() => expect(view.writes().some((write) => write.url === '/api/activity')).toBe(true));
  await waitFor(() => expect(presenceWrites(view)).toHaveLength(3), { timeout: 5000 });
  expect(presenceWrites(view)[2]).toEqual({ stream: STREAM, ticket_id: 12, activity: 'viewing' });
}, 20_000);

it('says it again on the stream that replaces a dropped one, and forgets who was there until told again', async () => {
  const view = open();
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  view.live.ready(STREAM);
  view.live.presence({ ticketId: 12, people: [{ contactId: 7, name: 'Casey Client', activity: 'viewing' }] });
  expect(await screen.findByText('Casey Client is viewing')).toBeInTheDocument();
  view.live.error();
  await waitFor(() => expect(screen.queryByText('Casey Client is viewing')).toBeNull());
  view.live.ready('T'.repeat(22));
  await waitFor(() => expect(presenceWrites(view)).toEqual([
    { stream: STREAM, ticket_id: 12, activity: 'viewing' }, { stream: 'T'.repeat(22), ticket_id: 12, activity: 'viewing' },
  ]));
}, 20_000);

describe('a reply that came while the editor was open', () => {
  async function replyArrives(view: ReturnType<typeof open>) {
    await screen.findByText('Looking into it.');
    view.api.db.activity.unshift(anActivity({
      activity_id: 2, contact_id: aClient().contact_id, contact_name: 'Casey Client', note: 'Found it myself, thanks!',
      date_created: new Date(Date.now() - 20_000).toISOString(),
    }));
    view.live.ready(STREAM);
    view.live.stale(['/ticket/12/activity']);
    await screen.findByText('Found it myself, thanks!');
    fireEvent.change(await screen.findByRole('textbox', { name: 'New note' }), { target: { value: 'Here is the fix.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  }
  const notesSent = (view: ReturnType<typeof open>) => view.writes().filter((write) => write.url === '/api/activity');

  it('warns before sending; View it shows the note and keeps the draft; the next send goes', async () => {
    const view = open();
    await replyArrives(view);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(/^Casey replied 2\d s ago: view it first/);
    expect(notesSent(view)).toEqual([]);

    fireEvent.click(within(warning).getByRole('button', { name: 'View it' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Note by Casey Client' })).toHaveAttribute('data-targeted', 'true'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Here is the fix.');

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(notesSent(view)).toHaveLength(1));
  }, 20_000);

  it('Send anyway sends the note at once', async () => {
    const view = open();
    await replyArrives(view);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(notesSent(view)).toEqual([expect.objectContaining({ body: expect.objectContaining({ note: 'Here is the fix.' }) })]));
  }, 20_000);

  it('does not warn of the writer\'s own notes, nor of the notes there when the editor opened', async () => {
    const view = open();
    await screen.findByText('Looking into it.');
    fireEvent.change(await screen.findByRole('textbox', { name: 'New note' }), { target: { value: 'Still on it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(notesSent(view)).toHaveLength(1));
    expect(screen.queryByText(/replied .* ago/)).toBeNull();
  }, 20_000);
});
