import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aTicketDetail, apiPath, createMockApi, errorAnswer, http, inGerman, readIn } from '@portal/testing';
import { uiMessages } from '@portal/ui';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Tags as a German admin reads it (docs/product/languages.md).

jest.setTimeout(20_000);
readIn('de', adminMessages, uiMessages);

const tag = (id: number, name: string) => ({ id, name, usage_count: 0, date_created: '2026-11-01T10:00:00.000Z' });

describe('tags in Admin Settings, in German', () => {
  it('names the table, its columns and the actions in German, and asks before deleting with the count', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail({ ticket_id: 12, tags: ['vip', 'hosting'] }), aTicketDetail({ ticket_id: 13, tags: ['vip'] })],
      tags: [tag(1, 'hosting'), tag(2, 'vip')],
    });
    renderAdmin('/admins/settings/tags', { api });
    expect(screen.getByRole('link', { name: 'Schlagwörter' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Schlagwörter' })).toBeInTheDocument();
    expect(screen.getByText(/Kunden sehen Schlagwörter nie\./)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Verwendete Schlagwörter' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Schlagwort', 'Tickets', 'Aktionen']);

    fireEvent.click(screen.getByRole('button', { name: 'hosting umbenennen' }));
    expect(screen.getByRole('textbox', { name: 'Neuer Name für hosting' })).toHaveValue('hosting');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'vip löschen' })));
    const confirm = await screen.findByRole('alertdialog', { name: 'Schlagwort löschen' });
    expect(confirm).toHaveTextContent('Möchten Sie das Schlagwort „vip“ von 2 Tickets entfernen?');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' })));
    await waitFor(() => expect(within(table).queryByText('vip')).toBeNull());
  });

  it('says in German that there are no tags yet', async () => {
    renderAdmin('/admins/settings/tags', { api: createMockApi({ tags: [] }) });
    expect(await screen.findByText('Noch keine Schlagwörter.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a rename in German', async () => {
    renderAdmin('/admins/settings/tags', {
      api: createMockApi({ tags: [tag(1, 'hosting')] }),
      handlers: [http.put(apiPath('/tags/:id'), () => errorAnswer(400, MESSAGES.tagNameInvalid))],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'hosting umbenennen' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Neuer Name für hosting' }), { target: { value: 'a,b' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.tagNameInvalid));
  });
});
