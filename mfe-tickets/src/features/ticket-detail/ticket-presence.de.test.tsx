import { screen, within } from '@testing-library/react';
import type { Contact, LivePresenceEvent } from '@portal/contract';
import { useLiveUpdates } from '@portal/api-client';
import { anActivity, anAgent, aTicketDetail, createMockApi, readIn } from '@portal/testing';
import { ticketsMessages } from '../../messages';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// The presence line in each language (docs/product/tickets.md#who-is-on-the-ticket): the names together, in the reader's words.

const agent = anAgent();
const viewing = (contactId: number, name: string) => ({ contactId, name, activity: 'viewing' as const });

function LiveStream({ as }: { as: Contact }) {
  useLiveUpdates(as.contact_id);
  return null;
}

async function openWithPresence(people: LivePresenceEvent['people']) {
  const api = createMockApi({ tickets: [aTicketDetail()], activity: [anActivity()] });
  const view = renderRemote(<><LiveStream as={agent} /><RemoteRoutes /></>, { viewer: agent, api, history: ['/clients/4/tickets/12'] });
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  view.live.ready('S'.repeat(22));
  view.live.presence({ ticketId: 12, people });
  return view;
}

beforeEach(() => sessionStorage.clear());

it('names two and three viewers in English, and two and the count of the others past three', async () => {
  const view = await openWithPresence([viewing(3, 'Ada Admin'), viewing(7, 'Casey Client')]);
  const line = screen.getByRole('status', { name: 'Who is on this ticket' });
  expect(await within(line).findByText('Ada Admin and Casey Client are viewing')).toBeInTheDocument();

  view.live.presence({ ticketId: 12, people: [viewing(3, 'Ada Admin'), viewing(4, 'Bo Brown'), viewing(5, 'Casey Client')] });
  expect(await within(line).findByText('Ada Admin, Bo Brown and Casey Client are viewing')).toBeInTheDocument();
  view.live.presence({ ticketId: 12, people: [viewing(3, 'Ada Admin'), viewing(4, 'Bo Brown'), viewing(5, 'Casey Client'), viewing(6, 'Dana Dev')] });
  expect(await within(line).findByText('Ada Admin, Bo Brown and 2 others are viewing')).toBeInTheDocument();
}, 30_000);

describe('in German', () => {
  readIn('de', ticketsMessages);

  it('says who types and who views in German', async () => {
    await openWithPresence([
      { contactId: 3, name: 'Ada Admin', activity: 'replying' },
      viewing(4, 'Bo Brown'), viewing(5, 'Casey Client'), viewing(6, 'Dana Dev'), viewing(7, 'Eli Eng'),
    ]);
    const line = screen.getByRole('status', { name: 'Wer dieses Ticket gerade geöffnet hat' });
    expect(await within(line).findByText('Ada Admin schreibt eine Antwort…')).toBeInTheDocument();
    expect(within(line).getByText('Bo Brown, Casey Client und 2 weitere Personen sehen sich das Ticket an')).toBeInTheDocument();
  }, 30_000);
});
