import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aSavedReply, createMockApi } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Saved replies (docs/product/saved-replies.md).

function openTab() {
  const api = createMockApi({
    savedReplies: [
      aSavedReply({ usage_count: 7 }),
      aSavedReply({ id: 2, title: 'Need access', body: 'Please send the login.', usage_count: 0 }),
      aSavedReply({ id: 3, title: 'Admin’s own', body: 'Mine', owner_id: 1, usage_count: 4 }),
    ],
  });
  return { ...renderAdmin('/admins/settings/replies', { api }), api };
}

const table = () => screen.findByRole('table', { name: 'Shared saved replies' });
const rows = (shown: HTMLElement) => within(shown).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

describe('shared saved replies in Admin Settings', () => {
  it('is its own settings tab listing the shared replies with their usage counts', async () => {
    openTab();
    expect(screen.getByRole('link', { name: 'Saved replies' })).toHaveAttribute('aria-current', 'page');
    expect(rows(await table())).toEqual([['Need access', '0'], ['Thanks for waiting', '7']]);
  });

  it('adds, edits and deletes a shared reply, and says what is missing', async () => {
    const { api, writes } = openTab();
    await table();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add a saved reply' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Closing' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.enterSavedReplyBody);

    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Closing this one, {{client.first_name}}.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(rows(await table())).toContainEqual(['Closing', '0']));
    expect(writes()).toContainEqual({ method: 'POST', url: '/api/saved-replies', body: { title: 'Closing', body: 'Closing this one, {{client.first_name}}.', shared: true } });
    expect(api.db.savedReplies.find((reply) => reply.title === 'Closing')?.owner_id).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit Need access' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Need FTP access' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(async () => expect(rows(await table())).toContainEqual(['Need FTP access', '0']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Closing' })));
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(async () => expect(rows(await table()).map(([title]) => title)).toEqual(['Need FTP access', 'Thanks for waiting']));
  });
});
