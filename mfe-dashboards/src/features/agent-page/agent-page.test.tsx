import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListedTicket } from '@portal/contract';
import {
  aContactTimeEntry, aContactTimeTotal, aListedTicket, aMonthlyTime, anAgent, apiPath, errorAnswer, http, type PortalData,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';

const agent = anAgent();
const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

const mine = [
  aListedTicket({ title: 'Update the opening hours', status_id: 2, assignee_id: 8, date_due: past }),
  aListedTicket({ title: 'Checkout button', status_id: 3, assignee_id: 8, date_due: future }),
  aListedTicket({ title: 'Translate the About page', status_id: 2, assignee_id: 8, on_hold: 1, date_due: past }),
  aListedTicket({ title: 'Catalogue import', status_id: 2, assignee_id: 8, is_maintenance: 0 }),
];

/** Alan Agent's portal: his tickets, this month's and this year's pay, saved list preferences and six months of time. */
function agentPortal({ tickets = mine, ...rest }: { tickets?: ListedTicket[] } & Partial<PortalData> = {}): Partial<PortalData> {
  return {
    tickets,
    contactTime: {
      8: {
        currenttime: aContactTimeTotal({ total_time: 30, pay_rate: 40, pay: 120 }),
        ytdtime: aContactTimeTotal({ total_time: 600, pay_rate: 40, pay: 2400 }),
      },
    },
    listPrefs: { 8: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true } },
    monthlyTime: { 8: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month, i) => aMonthlyTime({ month, total_time: 10 * i, pay: 4 * i })) },
    ...rest,
  };
}

const counter = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('counter-value');

describe('agent page', () => {
  it("shows the viewer's counters: Total and Overdue without on-hold tickets, this month's and YTD income", async () => {
    renderRemote('/agents', { viewer: agent, api: agentPortal() });

    expect(screen.getByRole('heading', { name: 'Agent Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Total')).toHaveTextContent('3'));
    expect(counter('Overdue')).toHaveTextContent('1');
    await waitFor(() => expect(counter('Income')).toHaveTextContent('$120.00'));
    expect(counter('YTD Income')).toHaveTextContent('$2,400.00');
  });

  it("shows a dash, not a figure that never loads, for another agent's private pay", async () => {
    const refused = () => errorAnswer(403, 'You are not authorized to view this page.');
    renderRemote('/agents', {
      viewer: agent,
      api: agentPortal(),
      handlers: [http.get(apiPath('/contact/:id/currenttime'), refused), http.get(apiPath('/contact/:id/ytdtime'), refused)],
    });
    await waitFor(() => expect(counter('Income')).toHaveTextContent('—'));
    expect(counter('YTD Income')).toHaveTextContent('—');
  });

  it('answers an address that names no agent (a word, zero) with Page not found', async () => {
    for (const path of ['/agents/time', '/agents/0/tickets']) {
      const { unmount } = renderRemote(path, { viewer: agent, api: agentPortal() });
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText('There is no page at this address.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Agent Dashboard' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('says how many of the Total the filters hide, and Show all lists them all; the overdue one is marked', async () => {
    renderRemote('/agents/8/tickets', { viewer: agent, api: agentPortal() });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['Update the opening hours']));
    await waitFor(() => expect(counter('Total')).toHaveTextContent('3'));
    const note = screen.getByTestId('hidden-by-filters');
    expect(note).toHaveTextContent('1 of 3 shown: filters on');
    const overdue = within(list).getByRole('listitem');
    expect(within(overdue).getByTestId('overdue-badge')).toHaveTextContent('Overdue');

    await act(async () => fireEvent.click(within(note).getByRole('button', { name: 'Show all' })));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(screen.queryByTestId('hidden-by-filters')).toBeNull();
    expect(screen.queryByText('Translate the About page')).toBeNull();
    expect(within(list).getAllByTestId('overdue-badge')).toHaveLength(1);
  });

  it('lists the assigned maintenance tickets by default and hides on-hold ones', async () => {
    renderRemote('/agents/8/tickets', { viewer: agent, api: agentPortal() });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['Update the opening hours']));

    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(screen.queryByText('Translate the About page')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Complete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Cancelled' })).toBeNull();
  });

  it("says which of the Total the kanban never shows: tickets of companies that are not Active", async () => {
    const onboarding = aListedTicket({ title: 'Kickoff meeting', status_id: 2, assignee_id: 8, company_mode: 2 });
    renderRemote('/agents/8/tickets', { viewer: agent, api: agentPortal({ tickets: [mine[0]!, onboarding] }) });
    await waitFor(() => expect(counter('Total')).toHaveTextContent('2'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Kanban' })));

    const note = await screen.findByTestId('hidden-by-filters');
    expect(note).toHaveTextContent('1 ticket is not on the kanban: its company is not Active.');
    expect(note).not.toHaveTextContent('filters on');
    expect(within(screen.getByRole('region', { name: 'Assigned' })).getByText('Update the opening hours')).toBeInTheDocument();
  });

  it("does not say 'Take a break!' when only the filters hide the work", async () => {
    renderRemote('/agents', { viewer: agent, api: agentPortal({ tickets: [mine[3]!] }) });
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('hidden-by-filters')).toHaveTextContent('0 of 1 shown: filters on');
    expect(screen.queryByText('Take a break!')).toBeNull();
  });

  it("says 'Take a break!' when there is nothing to do", async () => {
    renderRemote('/agents', { viewer: agent, api: agentPortal({ tickets: [] }) });
    expect(await screen.findByText('Take a break!')).toBeInTheDocument();
  });

  it("shows 'Loading…' on the time tab, then the entries and the My Time chart", async () => {
    const entry = aContactTimeEntry({ contact_id: 8, ticket_id: 5, ticket_title: 'Checkout button', time: 15, description: 'Fixed it', date: '2026-11-02T13:00:00.000Z' });
    renderRemote('/agents/8/time', { viewer: agent, api: agentPortal({ contactTimeEntries: [entry] }) });

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Fixed it')).toBeInTheDocument();
    expect(screen.getByText('01:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout button' })).toHaveAttribute('href', '/clients/4/tickets/5');
    expect(await screen.findByRole('region', { name: 'My Time' })).toHaveTextContent('Nov 2026: 05:00');
  });

  it("shows 'No time entries.' for an empty month range", async () => {
    renderRemote('/agents/8/time', { viewer: agent, api: agentPortal() });
    expect(await screen.findByText('No time entries.')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to load time entries.', when the entries fail", async () => {
    renderRemote('/agents/8/time', {
      viewer: agent,
      api: agentPortal(),
      handlers: [http.get(apiPath('/contact/:id/time'), () => errorAnswer(500, 'The database is busy.'))],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy.');
  });

  it('switches tabs by address', async () => {
    renderRemote('/agents', { viewer: agent, api: agentPortal() });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Time' })));
    expect(await screen.findByText('No time entries.')).toBeInTheDocument();
  });
});
