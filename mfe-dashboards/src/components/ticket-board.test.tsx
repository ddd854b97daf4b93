import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListedTicket } from '@portal/contract';
import { useSession } from '@portal/session';
import { aListedTicket, anAdmin, aTicketStatsMonth, type PortalData } from '@portal/testing';
import { renderRemote } from '../test-support/render-remote';

const adminContact = anAdmin();

const board: ListedTicket[] = [
  aListedTicket({ title: 'Careers page', status_id: 1, priority_id: 3 }),
  aListedTicket({ title: 'Analytics question', status_id: 7, assignee_id: null }),
  aListedTicket({ title: 'Opening hours', status_id: 2, assignee_id: 8, assignee_name: 'Alan Agent', priority_id: 2 }),
  aListedTicket({ title: 'Logo files', status_id: 7, assignee_id: 3 }),
  aListedTicket({ title: 'Checkout button', status_id: 3, assignee_id: 2 }),
  aListedTicket({ title: 'Product gallery', status_id: 4, assignee_id: 3 }),
  aListedTicket({ title: 'Kickoff meeting', status_id: 2, assignee_id: 2, company_mode: 2, company_name: 'Initech', priority_id: 1 }),
  aListedTicket({ title: 'Catalogue import', status_id: 3, assignee_id: 2, is_maintenance: 0, company_name: 'Globex' }),
];

/** The staff board's portal: the listed tickets (the kanban shows Active companies only) and November's figures. */
const staffPortal = (): Partial<PortalData> => ({
  tickets: board,
  ticketStats: [aTicketStatsMonth({ opened: 4, closed: 2, assigned: 2, avg_hours_to_assignment: 5, avg_hours_to_completion: 72 })],
  listPrefs: { 1: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true } },
});

const column = (name: string) => screen.getByRole('region', { name });
const titlesIn = (region: HTMLElement) => within(region).queryAllByRole('link').map((link) => link.textContent);

describe('staff list and kanban', () => {
  it("places the Active companies' maintenance tickets in Backlog, Assigned, In Progress and Testing", async () => {
    renderRemote('/admins', { viewer: adminContact, api: staffPortal() });

    await waitFor(() => expect(titlesIn(column('Backlog'))).toEqual(['Careers page', 'Analytics question']));
    expect(titlesIn(column('Assigned'))).toEqual(['Opening hours', 'Logo files']);
    expect(titlesIn(column('In Progress'))).toEqual(['Checkout button']);
    expect(titlesIn(column('Testing'))).toEqual(['Product gallery']);
    expect(screen.queryByText('Kickoff meeting')).toBeNull();
    expect(screen.queryByText('Catalogue import')).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Time to Assignment' })).getByTestId('counter-value')).toHaveTextContent('5 h'));
    expect(within(screen.getByRole('group', { name: 'Time to Completion' })).getByTestId('counter-value')).toHaveTextContent('3 d');
  });

  it('shows non-maintenance tickets once Maintenance Only is off, and saves that preference', async () => {
    const view = renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await waitFor(() => expect(titlesIn(column('In Progress'))).toEqual(['Checkout button']));

    const toggle = screen.getByRole('checkbox', { name: 'Maintenance Only' });
    expect(toggle).toBeChecked();
    await act(async () => fireEvent.click(toggle));

    await waitFor(() => expect(titlesIn(column('In Progress'))).toContain('Catalogue import'));
    await waitFor(() => expect(view.writes().find((r) => r.method === 'PUT')?.body).toMatchObject({ maintenanceOnly: false, sortBy: 'priorityId', direction: 'DESC' }));
    expect(useSession.getState().filters.listPrefs).toMatchObject({ maintenanceOnly: false });
  });

  it('lists by the saved filters (only Assigned by default), sorted by priority DESC, with every company', async () => {
    renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));

    const list = await screen.findByRole('list', { name: 'Tickets' });
    // Kickoff meeting is Urgent (1), Opening hours High (2): the most urgent comes first.
    await waitFor(() => expect(titlesIn(list)).toEqual(['Kickoff meeting', 'Opening hours']));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('priorityId');
    expect(screen.getByRole('combobox', { name: 'Sort direction' })).toHaveValue('DESC');
    expect(screen.queryByRole('checkbox', { name: 'Complete' })).toBeNull();
  });

  it('pages the List view from the server with its saved sort and filters: Show more, with the total', async () => {
    const many = Array.from({ length: 58 }, (_, i) => aListedTicket({ title: `Task ${String(i).padStart(3, '0')}`, status_id: 2, priority_id: 1 + (i % 4) }));
    const view = renderRemote('/admins', { viewer: adminContact, api: { ...staffPortal(), tickets: [...board, ...many] } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));

    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(titlesIn(list)).toHaveLength(50));
    // Sorted and filtered by the server: Assigned only, the most urgent first, ties by ticket number.
    expect(titlesIn(list).slice(0, 3)).toEqual(['Kickoff meeting', 'Task 000', 'Task 004']);
    expect(screen.getByTestId('list-progress')).toHaveTextContent('Showing 50 of 60');
    const asked = view.requests().find((r) => r.url.startsWith('/api/staff/tickets/list'))!.url;
    expect(Object.fromEntries(new URL(asked, 'http://x').searchParams)).toEqual({
      sort: 'priorityId', direction: 'DESC', statuses: '2', maintenance_only: '1', limit: '50',
    });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(screen.getByTestId('list-progress')).toHaveTextContent('Showing 60 of 60'));
    expect(titlesIn(list)).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // The List view never reads the whole staff list.
    expect(view.requests().some((r) => r.url.startsWith('/api/staff/tickets?view=list'))).toBe(false);
  }, 20_000);

  it('toggles a ticket selection with a 500 ms press, and assigns the selected ones in one call', async () => {
    const view = renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await waitFor(() => expect(titlesIn(column('Backlog'))).toHaveLength(2));
    jest.useFakeTimers();
    const card = (title: string) => screen.getByText(title).closest('[data-testid="ticket-card"]') as HTMLElement;
    const press = (title: string, ms: number) => {
      fireEvent.pointerDown(card(title), { button: 0 });
      act(() => {
        jest.advanceTimersByTime(ms);
      });
      fireEvent.pointerUp(card(title));
    };

    press('Careers page', 300);
    expect(screen.getByRole('checkbox', { name: 'Select Careers page' })).not.toBeChecked();
    press('Careers page', 500);
    expect(screen.getByRole('checkbox', { name: 'Select Careers page' })).toBeChecked();
    press('Logo files', 500);
    press('Analytics question', 500);
    press('Analytics question', 500);
    jest.useRealTimers();

    const bar = screen.getByRole('region', { name: 'Selected tickets' });
    expect(bar).toHaveTextContent('2 selected');
    await waitFor(() => expect(within(bar).getByRole('option', { name: 'Alan Agent' })).toBeInTheDocument());
    fireEvent.change(within(bar).getByRole('combobox', { name: 'Assign to' }), { target: { value: '8' } });
    fireEvent.change(within(bar).getByRole('combobox', { name: 'Move to' }), { target: { value: '3' } });
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Apply' })));

    const bulk = view.writes().filter((r) => r.method === 'PUT' && r.url === '/api/ticket/bulk');
    expect(bulk).toHaveLength(1);
    const [careers, logo] = [board[0]!, board[3]!];
    expect(bulk[0]?.body).toEqual({ ticket_ids: [careers.ticket_id, logo.ticket_id], assignee_id: 8, status_id: 3 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected tickets' })).toBeNull());
  });

  it("selects from the keyboard too: each card's Select checkbox toggles it, and the bulk actions appear", async () => {
    renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await waitFor(() => expect(titlesIn(column('Backlog'))).toHaveLength(2));
    const select = screen.getByRole('checkbox', { name: 'Select Careers page' });
    expect(within(column('Backlog')).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Select Careers page', 'Select Analytics question',
    ]);

    await act(async () => fireEvent.click(select));
    expect(select).toBeChecked();
    expect(screen.getByRole('region', { name: 'Selected tickets' })).toHaveTextContent('1 selected');
    expect(screen.queryByTestId('where')).toBeNull();

    await act(async () => fireEvent.click(select));
    expect(select).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Selected tickets' })).toBeNull();
  });

  it('a long press does not open the ticket; a plain click does', async () => {
    renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await waitFor(() => expect(titlesIn(column('Backlog'))).toHaveLength(2));
    const link = screen.getByRole('link', { name: 'Careers page' });

    jest.useFakeTimers();
    fireEvent.pointerDown(link, { button: 0 });
    act(() => {
      jest.advanceTimersByTime(600);
    });
    fireEvent.pointerUp(link);
    fireEvent.click(link);
    jest.useRealTimers();
    expect(screen.queryByTestId('where')).toBeNull();

    fireEvent.click(link);
    expect(await screen.findByTestId('where')).toHaveTextContent(`/clients/4/tickets/${board[0]!.ticket_id}`);
  });
});

describe('what the filters hide, and overdue tickets', () => {
  const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

  it('says what Maintenance Only hides on the kanban; Show all turns Maintenance Only off', async () => {
    const view = renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await waitFor(() => expect(titlesIn(column('Backlog'))).toHaveLength(2));

    const note = screen.getByTestId('hidden-by-filters');
    expect(note).toHaveTextContent('6 of 7 shown: filters on');
    await act(async () => fireEvent.click(within(note).getByRole('button', { name: 'Show all' })));

    await waitFor(() => expect(titlesIn(column('In Progress'))).toContain('Catalogue import'));
    expect(screen.queryByTestId('hidden-by-filters')).toBeNull();
    // The kanban's Show all leaves the list's status filters as they were.
    await waitFor(() => expect(view.writes().find((r) => r.method === 'PUT')?.body).toMatchObject({ maintenanceOnly: false, statusFilters: [2] }));
  });

  it('says the List view is filtered, and Show all ticks every status and turns Maintenance Only off', async () => {
    const view = renderRemote('/admins', { viewer: adminContact, api: staffPortal() });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(titlesIn(list)).toEqual(['Kickoff meeting', 'Opening hours']));

    const note = screen.getByTestId('hidden-by-filters');
    expect(note).toHaveTextContent('2 shown: filters on');
    await waitFor(() => expect(within(note).getByRole('button', { name: 'Show all' })).toBeEnabled());
    await act(async () => fireEvent.click(within(note).getByRole('button', { name: 'Show all' })));

    await waitFor(() => expect(titlesIn(list)).toHaveLength(board.length));
    expect(screen.queryByTestId('hidden-by-filters')).toBeNull();
    const saved = view.writes().find((r) => r.method === 'PUT')?.body as { maintenanceOnly: boolean; statusFilters: number[] };
    expect(saved.maintenanceOnly).toBe(false);
    expect([...saved.statusFilters].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 7, 8]);
  });

  it("marks an overdue ticket's card with an 'Overdue' badge and a red edge, on the kanban and in the list", async () => {
    const late = aListedTicket({ title: 'Late page', status_id: 2, assignee_id: 8, date_due: past });
    const onTime = aListedTicket({ title: 'On-time page', status_id: 2, assignee_id: 8, date_due: future });
    renderRemote('/admins', { viewer: adminContact, api: { ...staffPortal(), tickets: [late, onTime] } });
    const card = (title: string) => screen.getByText(title).closest('[data-testid="ticket-card"]') as HTMLElement;

    await waitFor(() => expect(titlesIn(column('Assigned'))).toEqual(['Late page', 'On-time page']));
    expect(within(card('Late page')).getByTestId('overdue-badge')).toHaveTextContent('Overdue');
    expect(card('Late page')).toHaveAttribute('data-due', 'overdue');
    expect(within(card('On-time page')).queryByTestId('overdue-badge')).toBeNull();
    expect(card('On-time page')).not.toHaveAttribute('data-due');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'List' })));
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(titlesIn(list)).toContain('Late page'));
    expect(within(card('Late page')).getByText('Overdue')).toBeInTheDocument();
  });
});
