import { act, fireEvent, screen, within } from '@testing-library/react';
import { aClient, anActivity, aTask, aTicketDetail, readIn } from '@portal/testing';
import { ticketsMessages } from '../../messages';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// The ticket page for a German reader (docs/product/languages.md): its texts, dates and money in German.
describe('ticket detail screen in German', () => {
  beforeEach(() => sessionStorage.clear());
  readIn('de', ticketsMessages);

  it('shows a client its ticket, the estimate to answer, the dates and the value in German', async () => {
    const ticket = aTicketDetail({ value: 250, date_created: '2026-11-01T10:00:00.000Z', date_due: '2026-11-21T16:00:00.000Z' });
    renderRemote(<RemoteRoutes />, {
      viewer: aClient(),
      history: ['/clients/4/tickets/12'],
      api: {
        tickets: [ticket], tasks: [aTask()],
        activity: [
          anActivity({ activity_id: 3, contact_id: 31, contact_name: 'Cora Client', note: 'Status changed: Backlog → Assigned.', source: 'status' }),
          anActivity({ activity_id: 2, contact_id: null, contact_name: null, note: 'Ticket imported.' }),
        ],
      },
    });
    await screen.findByRole('heading', { name: '#12 Fix the contact form' });

    const panel = screen.getByRole('complementary', { name: 'Ticketdetails' });
    expect(within(panel).getByText('Angebot')).toBeInTheDocument();
    expect(within(panel).getByText('Annahme ausstehend')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Annehmen' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Ablehnen' })).toBeInTheDocument();
    expect(within(panel).getByText('Aktueller Ticketwert')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-value')).toHaveTextContent('250 $');
    expect(screen.getByTestId('due-date')).toHaveTextContent('21.11.2026');
    expect(screen.getByRole('group', { name: 'Kunde' })).toHaveTextContent('Eröffnet am 1.11.2026');
    expect(screen.getByTestId('readonly-assigned-agent')).toHaveTextContent('Alan Agent');
    expect(screen.getByRole('heading', { name: 'Beschreibung' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aufgaben' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anhänge' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aktivität' })).toBeInTheDocument();
    expect(await screen.findByText('Support-Team')).toBeInTheDocument();
    // A status line in the reader's words, the statuses as the admin named them; a person's note as written.
    expect(screen.getByTestId('status-line')).toHaveTextContent('Status geändert: Backlog → Assigned.');
    expect(screen.getByText('Ticket imported.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notiz hinzufügen' })).toBeInTheDocument();

    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Ticket stornieren' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    expect(screen.queryByText('Cancel Ticket')).toBeNull();
  }, 30_000);
});
