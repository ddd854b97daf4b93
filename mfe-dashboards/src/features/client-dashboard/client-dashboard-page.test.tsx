import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company, Ticket, TicketSummary } from '@portal/contract';
import {
  aClient, aCompany, aCompanyTimeTotal, anAdmin, anAgent, apiPath, aTicket, aTicketSummary, createMockApi, errorAnswer, http,
  type PortalData,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';

const [adminContact, agentContact, clientContact] = [anAdmin(), anAgent(), aClient()];
const acme = aCompany();

const backlog = aTicketSummary({ title: 'Add a careers page', status_id: 1, estimate_required: 1 });
const waiting = aTicketSummary({ title: 'Which analytics do we have?', status_id: 7, assignee_id: null });
const assigned = aTicketSummary({ title: 'Update the opening hours', status_id: 2, assignee_id: 2 });
const needsInfo = aTicketSummary({ title: 'Logo files', status_id: 7, assignee_id: 2 });
const launch = aTicketSummary({ title: 'Spring landing page', status_id: 8, assignee_id: 2, estimated_time: 30, estimate_approved: -1 });
const onHold = aTicketSummary({ title: 'Translate the About page', status_id: 2, assignee_id: 3, on_hold: 1 });
const inProgress = aTicketSummary({ title: 'Checkout button', status_id: 3, assignee_id: 2 });
const testing = aTicketSummary({ title: 'Product gallery', status_id: 4, assignee_id: 3, estimated_time: 40, estimate_approved: 1 });
const doneOld = aTicketSummary({ title: 'Monthly review meeting', status_id: 5, date_completed: '2026-08-01T17:00:00.000Z' });
const doneNew = aTicketSummary({ title: 'Replace the hero image', status_id: 5, date_completed: '2026-10-20T17:00:00.000Z', total_time: 25 });
const cancelled = aTicketSummary({ title: 'Newsletter form', status_id: 6 });

const TICKETS = [backlog, waiting, assigned, needsInfo, launch, onHold, inProgress, testing, doneOld, doneNew, cancelled];

/** Acme's portal: its tickets, this month's and this year's totals. */
function acmePortal({ tickets = TICKETS, company = acme, ...rest }: { tickets?: TicketSummary[]; company?: Company } & Partial<PortalData> = {}): Partial<PortalData> {
  return {
    companies: [company],
    tickets,
    companyTime: {
      4: { currenttime: aCompanyTimeTotal({ total_time: 25, value: 250 }), ytdtime: aCompanyTimeTotal({ total_time: 1234, value: 12340.5 }) },
    },
    ...rest,
  };
}

const column = (name: string) => screen.getByRole('region', { name });
const titlesIn = (region: HTMLElement) => within(region).queryAllByRole('link').map((link) => link.textContent);
const counter = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('counter-value');

describe('client dashboard', () => {
  it('places the open tickets in the four columns, and the completed and cancelled ones in the history, newest closing first', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });

    expect(await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(titlesIn(column('Backlog'))).toEqual(['Add a careers page', 'Which analytics do we have?']));
    expect(titlesIn(column('Assigned'))).toEqual(['Update the opening hours', 'Logo files', 'Spring landing page', 'Translate the About page']);
    expect(titlesIn(column('In Progress'))).toEqual(['Checkout button']);
    expect(titlesIn(column('Testing'))).toEqual(['Product gallery']);
    // A cancelled ticket does not vanish: it is in the history with its badge, and opens like any other.
    await waitFor(() => expect(titlesIn(column('Completed'))).toEqual(['Newsletter form', 'Replace the hero image', 'Monthly review meeting']));
    expect(within(column('Completed')).getAllByTestId('completed-time').map((n) => n.textContent)).toEqual(['FREE', '02:30', 'FREE']);
    expect(within(column('Completed')).getAllByTestId('history-badge').map((n) => n.textContent)).toEqual(['Cancelled']);
    expect(within(column('Completed')).getByRole('link', { name: 'Newsletter form' })).toHaveAttribute('href', `/clients/4/tickets/${cancelled.ticket_id}`);
    expect(within(column('Completed')).getByTestId('history-progress')).toHaveTextContent('Showing 3 of 3');
    expect(within(column('Completed')).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('pages through the whole history with Show more, 20 at a time, with the total', async () => {
    const done = Array.from({ length: 45 }, (_, i) =>
      aTicketSummary({ title: `Done ${i}`, status_id: 5, date_completed: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }));
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal({ tickets: [backlog, ...done] }) });

    const history = await screen.findByRole('region', { name: 'Completed' });
    await waitFor(() => expect(titlesIn(history)).toHaveLength(20));
    expect(titlesIn(history)[0]).toBe('Done 44');
    expect(within(history).getByTestId('history-progress')).toHaveTextContent('Showing 20 of 45');
    await act(async () => fireEvent.click(within(history).getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(within(history).getByTestId('history-progress')).toHaveTextContent('Showing 40 of 45'));
    await act(async () => fireEvent.click(within(history).getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(titlesIn(history)).toEqual(done.map((t) => t.title).reverse()));
    expect(within(history).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('counts as Active the cards in the four columns (Need More Info and Ready To Launch too) and shows the totals', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });

    await waitFor(() => expect(counter('Active')).toHaveTextContent('8'));
    const columns = ['Backlog', 'Assigned', 'In Progress', 'Testing'].map((name) => titlesIn(column(name)).length);
    expect(columns.reduce((sum, n) => sum + n, 0)).toBe(8);
    await waitFor(() => expect(counter('Current Total')).toHaveTextContent('$250.00'));
    expect(counter('YTD Total')).toHaveTextContent('$12,340.50');
  });

  it('shows the logged time when the answer carries no money (agents)', async () => {
    renderRemote('/clients/4', {
      viewer: agentContact,
      api: acmePortal({ companyTime: { 4: { currenttime: aCompanyTimeTotal({ total_time: 25, value: undefined }) } } }),
    });
    await waitFor(() => expect(counter('Current Total')).toHaveTextContent('02:30'));
  });

  it('fades cancelled and on-hold tickets and shows the estimate badges', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });
    await screen.findByText('Translate the About page');

    const card = (title: string) => screen.getByText(title).closest('[data-testid="ticket-card"]') as HTMLElement;
    expect(card('Translate the About page')).toHaveAttribute('data-faded', 'true');
    expect(card('Update the opening hours')).not.toHaveAttribute('data-faded');
    expect(within(card('Add a careers page')).getByTestId('estimate-badge')).toHaveTextContent('Estimate');
    expect(within(card('Spring landing page')).getByTestId('estimate-badge')).toHaveTextContent('Approval');
    expect(within(card('Product gallery')).getByTestId('estimate-badge')).toHaveTextContent('04:00');
    expect(within(card('Checkout button')).queryByTestId('estimate-badge')).toBeNull();
  });

  it('opens a ticket at /clients/{companyId}/tickets/{ticketId}', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });
    fireEvent.click(await screen.findByRole('link', { name: 'Checkout button' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/clients/4/tickets/${inProgress.ticket_id}`);
  });

  it('links the company name to its settings page', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });
    expect(await screen.findByRole('link', { name: 'Company settings' })).toHaveAttribute('href', '/clients/4/info');
  });

  it('links to the company invoices for its primary contacts and admins only', async () => {
    const view = renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });
    expect(await screen.findByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/clients/4/invoices');
    view.unmount();
    const notPrimary = aClient({ contact_id: 41, email: 'dana@demo.test', companies: [{ company_id: 4, name: 'Acme, LLC', title: null, primary: 0 }] });
    renderRemote('/clients/4', { viewer: notPrimary, api: acmePortal() });
    await screen.findByRole('link', { name: 'Company settings' });
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it("sends a client on /clients to their first company, and refuses a company that is not theirs", async () => {
    renderRemote('/clients', { viewer: clientContact, api: acmePortal() });
    expect(await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeInTheDocument();
  });

  it('shows the not-authorised alert for a company the client is not linked to', async () => {
    const view = renderRemote('/clients/99', { viewer: clientContact, api: acmePortal() });
    expect(await screen.findByText('You are not authorized to view this page.')).toBeInTheDocument();
    expect(view.requests().filter((c) => c.url.startsWith('/api/company/99'))).toEqual([]);
  });

  it('shows the not-authorised alert when the server refuses', async () => {
    const forbidden = () => errorAnswer(403, 'Forbidden');
    renderRemote('/clients/4', {
      viewer: agentContact,
      handlers: [http.all(apiPath('/company/4'), forbidden), http.all(apiPath('/company/4/*'), forbidden)],
    });
    expect(await screen.findByText('You are not authorized to view this page.')).toBeInTheDocument();
  });

  it('gives staff a company picker on /clients', async () => {
    renderRemote('/clients', { viewer: agentContact, api: acmePortal() });
    expect(await screen.findByRole('heading', { name: 'Client Dashboard' })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Company' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Acme, LLC' })).toBeInTheDocument());
    fireEvent.change(picker, { target: { value: '4' } });
    expect(await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeInTheDocument();
  });
});

describe('refresh', () => {
  it('refreshes every second, and not while the notes editor is open', async () => {
    const view = renderRemote('/clients/4', { viewer: agentContact, api: acmePortal() });
    const ticketCalls = () => view.requests().filter((c) => c.url.split('?')[0] === '/api/company/4/tickets').length;
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await waitFor(() => expect(ticketCalls()).toBeGreaterThan(0));

    const before = ticketCalls();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(ticketCalls()).toBeGreaterThan(before);

    fireEvent.click(within(notes).getByRole('button', { name: 'Edit Notes' }));
    const editing = ticketCalls();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(ticketCalls()).toBe(editing);
  });
});

describe('company summary card and notes', () => {
  const summary = () => screen.getByRole('region', { name: 'Company summary' });

  it('for an admin: the name links to the dashboard, the note toggles, links open in a new tab', async () => {
    renderRemote('/clients/4', { viewer: adminContact, api: acmePortal() });
    await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 });

    expect(within(summary()).getByRole('link', { name: 'Acme, LLC' })).toHaveAttribute('href', '/clients/4');
    const website = within(summary()).getByRole('link', { name: 'https://acme.example' });
    expect(website).toHaveAttribute('target', '_blank');
    expect(await within(summary()).findByRole('link', { name: 'client@demo.test' })).toHaveAttribute('href', 'mailto:client@demo.test');
    expect(within(summary()).getByRole('link', { name: '555-020-0001' })).toHaveAttribute('href', 'tel:555-020-0001');
    expect(within(summary()).getByRole('link', { name: '555-020-0001' })).toHaveAttribute('target', '_blank');

    expect(within(summary()).queryByTestId('company-note')).toBeNull();
    fireEvent.click(within(summary()).getByRole('button', { name: 'Show Note' }));
    expect(within(summary()).getByTestId('company-note')).toHaveTextContent('Prefers phone calls.');
    fireEvent.click(within(summary()).getByRole('button', { name: 'Hide Note' }));
    expect(within(summary()).queryByTestId('company-note')).toBeNull();
  });

  it('for an agent: the name is plain text; the toggle shows since a note exists', async () => {
    renderRemote('/clients/4', { viewer: agentContact, api: acmePortal() });
    await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 });
    expect(within(summary()).queryByRole('link', { name: 'Acme, LLC' })).toBeNull();
    expect(within(summary()).getByText('Acme, LLC')).toBeInTheDocument();
    expect(within(summary()).getByRole('button', { name: 'Show Note' })).toBeInTheDocument();
  });

  it('offers no toggle without a note, nor to a client', async () => {
    renderRemote('/clients/4', { viewer: agentContact, api: acmePortal({ company: { ...acme, note: null } }) });
    await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 });
    expect(within(summary()).queryByRole('button', { name: 'Show Note' })).toBeNull();
  });

  it('offers no toggle to a client even when a note came back', async () => {
    renderRemote('/clients/4', { viewer: clientContact, api: acmePortal() });
    await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 });
    expect(within(summary()).queryByRole('button', { name: 'Show Note' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Company mode' })).toBeNull();
  });

  it('lets staff edit the notes and saves them with PUT /company/{id}', async () => {
    const view = renderRemote('/clients/4', { viewer: agentContact, api: acmePortal() });
    const saved = () => view.writes().find((c) => c.method === 'PUT' && c.url === '/api/company/4')?.body ?? null;
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('phone')).toBeInTheDocument();
    fireEvent.click(within(notes).getByRole('button', { name: 'Edit Notes' }));
    fireEvent.change(within(notes).getByLabelText('Company notes'), { target: { value: 'New note' } });
    await act(async () => fireEvent.click(within(notes).getByRole('button', { name: 'Save Notes' })));

    await waitFor(() => expect(saved()).toEqual({ note: 'New note' }));
    expect(view.requests().some((c) => c.method === 'PUT')).toBe(true);
    await waitFor(() => expect(within(notes).queryByLabelText('Company notes')).toBeNull());
  });

  it('gives an admin the mode selector, and confirms a mode that closes tickets', async () => {
    const view = renderRemote('/clients/4', { viewer: adminContact, api: acmePortal() });
    const saved = () => view.writes().find((c) => c.method === 'PUT' && c.url === '/api/company/4')?.body ?? null;
    const mode = await screen.findByRole('combobox', { name: 'Company mode' });
    fireEvent.change(mode, { target: { value: '3' } });
    const dialog = await screen.findByRole('alertdialog');
    expect(saved()).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save Inactive' })));
    await waitFor(() => expect(saved()).toEqual({ mode: 3 }));
  });
});

describe('new ticket', () => {
  it("opens the tickets remote's form in a modal and shows the created ticket in Backlog without a reload", async () => {
    const created = aTicket({ ticket_id: 500, title: 'Fix the footer', status_id: 1 });
    const api = createMockApi(acmePortal({ tickets: [backlog] }));
    const load = jest.fn(async () => ({
      NewTicketForm: ({ companyId, onCreated }: { companyId: number; onCreated(t: Ticket): void }) => (
        <button
          type="button"
          onClick={() => {
            api.db.tickets.unshift(created);
            onCreated(created);
          }}
        >
          Submit form for {companyId}
        </button>
      ),
    }));
    renderRemote('/clients/4', { viewer: clientContact, loadRemote: load, api });

    await screen.findByText('Add a careers page');
    fireEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    const submit = await screen.findByRole('button', { name: 'Submit form for 4' });
    expect(load).toHaveBeenCalledWith('tickets', './NewTicketForm');
    await act(async () => fireEvent.click(submit));

    await waitFor(() => expect(titlesIn(column('Backlog'))).toEqual(['Fix the footer', 'Add a careers page']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
