import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aListedTicket, anAdmin, type PortalData } from '@portal/testing';
import { renderRemote } from '../test-support/render-remote';

// Tags on the staff board and saved views on the dashboard (docs/product/tags-and-views.md).

jest.setTimeout(20_000);

const admin = anAdmin();

const portal = (): Partial<PortalData> => ({
  tickets: [
    aListedTicket({ ticket_id: 1, title: 'Careers page', status_id: 2, tags: ['vip'] }),
    aListedTicket({ ticket_id: 2, title: 'Opening hours', status_id: 3, tags: ['vip', 'hosting'] }),
    aListedTicket({ ticket_id: 3, title: 'Logo files', status_id: 2, tags: [] }),
  ],
  tags: [
    { id: 1, name: 'vip', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
    { id: 2, name: 'hosting', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
  ],
  listPrefs: { 1: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true } },
});

const titlesOnBoard = () => ['Backlog', 'Assigned', 'In Progress', 'Testing']
  .flatMap((name) => within(screen.getByRole('region', { name })).queryAllByRole('link').map((link) => link.textContent));

describe('the Tag filter and saved views', () => {
  it('filters the kanban by a tag, saves it as a view and shows the view with its live count and link', async () => {
    const { api } = renderRemote('/admins', { viewer: admin, api: portal() });
    await waitFor(() => expect(titlesOnBoard()).toHaveLength(3));
    const panel = screen.getByRole('region', { name: 'Saved views' });
    await within(panel).findByText(/No saved views yet/);

    const tag = screen.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(within(tag).getByRole('option', { name: 'vip' })).toBeInTheDocument());
    await act(async () => fireEvent.change(tag, { target: { value: 'vip' } }));
    await waitFor(() => expect(titlesOnBoard().sort()).toEqual(['Careers page', 'Opening hours']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save view' })));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'View name' }), { target: { value: 'VIP board' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    const link = await within(panel).findByRole('link', { name: 'VIP board' });
    expect(link).toHaveAttribute('href', '/admins?board=kanban&sort=priorityId&direction=DESC&maintenance_only=1&tag=vip');
    expect(within(panel).getByTestId('saved-view-count')).toHaveTextContent('2 tickets');
    expect(api.db.savedViews[0]).toMatchObject({ name: 'VIP board', screen: 'admins', filter: { board: 'kanban', tags: ['vip'] } });

    api.db.tickets[2]!.tags = ['vip'];
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Delete view VIP board' })));
    await within(panel).findByText(/No saved views yet/);
  });

  it('opens a view’s link: the List with its statuses and sort, filtered by its tag', async () => {
    const { writes } = renderRemote('/admins?board=list&sort=dateDue&direction=ASC&statuses=2%2C3&maintenance_only=0&tag=hosting', {
      viewer: admin, api: portal(),
    });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(['Opening hours']));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('hosting');
    await waitFor(() => expect(writes().find((r) => r.method === 'PUT')?.body).toMatchObject({ sortBy: 'dateDue', direction: 'ASC', statusFilters: [2, 3], maintenanceOnly: false }));
  });

  it('shows a card’s tags, says the Tag filter keeps the other tickets back, and Show all clears it', async () => {
    renderRemote('/admins?board=kanban&maintenance_only=0&tag=hosting', { viewer: admin, api: portal() });
    await waitFor(() => expect(titlesOnBoard()).toEqual(['Opening hours']));
    const card = within(screen.getByRole('region', { name: 'In Progress' })).getByRole('link', { name: 'Opening hours' }).closest('[data-ticket-id]');
    expect([...(card?.querySelectorAll('[data-testid="ticket-tag"]') ?? [])].map((tag) => tag.textContent)).toEqual(['vip', 'hosting']);
    const said = screen.getByTestId('hidden-by-filters');
    expect(within(said).getByText('Only tickets tagged hosting: tag filter on')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(said).getByRole('button', { name: 'Show all' })));
    await waitFor(() => expect(titlesOnBoard()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('');
    expect(screen.queryByText(/tag filter on/)).not.toBeInTheDocument();
  });
});
