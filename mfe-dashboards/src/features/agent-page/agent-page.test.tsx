import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListedTicket } from '@portal/contract';
import { useSession } from '@portal/session';
import { agentContact, aListedTicket } from '../../test-support/fixtures';
import { ok, renderRemote, type FakeAnswer, type FakeApi } from '../../test-support/render-remote';

const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

const mine = [
  aListedTicket({ title: 'Update the opening hours', status_id: 2, assignee_id: 2, date_due: past }),
  aListedTicket({ title: 'Checkout button', status_id: 3, assignee_id: 2, date_due: future }),
  aListedTicket({ title: 'Translate the About page', status_id: 2, assignee_id: 2, on_hold: 1, date_due: past }),
  aListedTicket({ title: 'Catalogue import', status_id: 2, assignee_id: 2, is_maintenance: 0 }),
];

function agentApi({ tickets = mine, time }: { tickets?: ListedTicket[]; time?: () => FakeAnswer } = {}): FakeApi {
  return ({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/contact/2/tickets') return ok(tickets);
    if (path === '/contact/2/currenttime') return ok({ contact_id: 2, from: 'a', to: 'b', total_time: 30, pay_rate: 40, pay: 120 });
    if (path === '/contact/2/ytdtime') return ok({ contact_id: 2, from: 'a', to: 'b', total_time: 600, pay_rate: 40, pay: 2400 });
    if (path === '/contact/2/meta/list_prefs') return ok({ sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true });
    if (path === '/contact/2/time/monthly') {
      return ok(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month, i) => ({ month, from: 'a', to: 'b', total_time: 10 * i, pay: 4 * i })));
    }
    if (path === '/contact/2/time') return time ? time() : ok([]);
    return undefined;
  };
}

const counter = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('counter-value');

describe('agent page', () => {
  beforeEach(() => useSession.getState().signOut());

  it("shows the viewer's counters: Total and Overdue without on-hold tickets, this month's and YTD income", async () => {
    renderRemote('/agents', { contact: agentContact, api: agentApi() });

    expect(screen.getByRole('heading', { name: 'Agent Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Total')).toHaveTextContent('3'));
    expect(counter('Overdue')).toHaveTextContent('1');
    await waitFor(() => expect(counter('Income')).toHaveTextContent('$120.00'));
    expect(counter('YTD Income')).toHaveTextContent('$2,400.00');
  });

  it("shows a dash, not a figure that never loads, for another agent's private pay", async () => {
    const refused = { status: 403, body: { statusCode: 403, error: 'You are not authorized to view this page.' } };
    const api = agentApi();
    renderRemote('/agents', {
      contact: agentContact,
      api: (request) => (request.path.endsWith('currenttime') || request.path.endsWith('ytdtime') ? refused : api(request)),
    });
    await waitFor(() => expect(counter('Income')).toHaveTextContent('—'));
    expect(counter('YTD Income')).toHaveTextContent('—');
  });

  it('lists the assigned maintenance tickets by default and hides on-hold ones', async () => {
    renderRemote('/agents/2/tickets', { contact: agentContact, api: agentApi() });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['Update the opening hours']));

    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(screen.queryByText('Translate the About page')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Complete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Cancelled' })).toBeNull();
  });

  it("says 'Take a break!' when there is nothing to do", async () => {
    renderRemote('/agents', { contact: agentContact, api: agentApi({ tickets: [] }) });
    expect(await screen.findByText('Take a break!')).toBeInTheDocument();
  });

  it("shows 'Loading…' on the time tab, then the entries and the My Time chart", async () => {
    const answer: FakeAnswer = { status: 200, body: [{ time_id: 1, contact_id: 2, ticket_id: 5, ticket_title: 'Checkout button', company_id: 10, company_name: 'Acme, LLC', time: 15, description: 'Fixed it', date: '2026-11-02T13:00:00.000Z' }] };
    renderRemote('/agents/2/time', { contact: agentContact, api: agentApi({ time: () => answer }) });

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Fixed it')).toBeInTheDocument();
    expect(screen.getByText('01:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout button' })).toHaveAttribute('href', '/clients/10/tickets/5');
    expect(await screen.findByRole('region', { name: 'My Time' })).toHaveTextContent('Nov 2026: 05:00');
  });

  it("shows 'No time entries.' for an empty month range", async () => {
    renderRemote('/agents/2/time', { contact: agentContact, api: agentApi() });
    expect(await screen.findByText('No time entries.')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to load time entries.', when the entries fail", async () => {
    renderRemote('/agents/2/time', {
      contact: agentContact,
      api: agentApi({ time: () => ({ status: 500, body: { statusCode: 500, error: 'The database is busy.' } }) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy.');
  });

  it('switches tabs by address', async () => {
    renderRemote('/agents', { contact: agentContact, api: agentApi() });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Time' })));
    expect(await screen.findByText('No time entries.')).toBeInTheDocument();
  });
});
