import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aTicketDetail, createMockApi } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Tags (docs/product/tags-and-views.md#managing-tags).

jest.setTimeout(20_000);

function openTab() {
  const api = createMockApi({
    tickets: [aTicketDetail({ ticket_id: 12, tags: ['Hostng', 'vip'] }), aTicketDetail({ ticket_id: 13, tags: ['hosting'] })],
    tags: [
      { id: 1, name: 'hosting', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
      { id: 2, name: 'Hostng', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
      { id: 3, name: 'vip', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
    ],
  });
  return { ...renderAdmin('/admins/settings/tags', { api }), api };
}

const table = () => screen.findByRole('table', { name: 'Tags in use' });
const rows = (shown: HTMLElement) => within(shown).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

describe('tags in Admin Settings', () => {
  it('lists every tag with how many tickets carry it, merges by renaming and deletes', async () => {
    const { api } = openTab();
    expect(screen.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
    expect(rows(await table())).toEqual([['hosting', '1'], ['Hostng', '1'], ['vip', '1']]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename Hostng' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'New name for Hostng' }), { target: { value: 'Hosting' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(rows(await table())).toEqual([['hosting', '2'], ['vip', '1']]));
    expect(api.db.tickets[0]!.tags).toEqual(['hosting', 'vip']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete vip' })));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete tag' });
    expect(confirm).toHaveTextContent('Delete the tag “vip” from 1 ticket?');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(async () => expect(rows(await table())).toEqual([['hosting', '2']]));
    expect(api.db.tickets[0]!.tags).toEqual(['hosting']);
  });
});
