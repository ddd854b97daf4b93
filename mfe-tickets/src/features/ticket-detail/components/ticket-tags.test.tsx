import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { aClient, anAgent, aTicketDetail, createMockApi } from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { RemoteRoutes } from '../../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../../test-support/markdown-editor-double')>('../../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// Tags on the ticket screen (docs/product/tags-and-views.md).

function open(viewer: Contact) {
  const api = createMockApi({
    tickets: [aTicketDetail({ tags: ['hosting'] })],
    tags: [
      { id: 1, name: 'hosting', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
      { id: 2, name: 'VIP', usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' },
    ],
  });
  renderRemote(<RemoteRoutes />, { viewer, api, history: ['/clients/4/tickets/12'] });
  return api;
}

jest.setTimeout(20_000);

describe('the ticket’s tags', () => {
  it('offers an existing tag as one types, adds it by Enter and removes a chip by its button', async () => {
    const api = open(anAgent());
    const tags = await screen.findByRole('group', { name: 'Tags' });
    expect(within(tags).getByText('hosting')).toBeInTheDocument();

    const input = within(tags).getByRole('combobox', { name: 'Add a tag' });
    fireEvent.change(input, { target: { value: 'v' } });
    const suggestions = await within(tags).findByRole('listbox', { name: 'Tag suggestions' });
    expect(within(suggestions).getAllByRole('option').map((option) => option.textContent)).toEqual(['VIP (0)']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(within(tags).getByText('VIP')).toBeInTheDocument());
    expect(api.db.tickets[0]!.tags).toEqual(['hosting', 'VIP']);

    fireEvent.change(input, { target: { value: '  waiting   on host ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(within(tags).getByText('waiting on host')).toBeInTheDocument());
    expect(api.db.tags.map((tag) => tag.name)).toContain('waiting on host');

    fireEvent.click(within(tags).getByRole('button', { name: 'Remove tag hosting' }));
    await waitFor(() => expect(within(tags).queryByText('hosting')).not.toBeInTheDocument());
    expect(api.db.tickets[0]!.tags).toEqual(['VIP', 'waiting on host']);
  });

  it('is not shown to a client', async () => {
    open(aClient());
    await screen.findByRole('heading', { name: '#12 Fix the contact form' });
    expect(screen.queryByRole('group', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.queryByText('hosting')).not.toBeInTheDocument();
  });
});
