import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aSavedReply, createMockApi, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Textbausteine (docs/product/saved-replies.md) as a German admin reads it.

readIn('de', adminMessages);
afterEach(() => window.sessionStorage.clear());

describe('shared saved replies in German', () => {
  it('says there are none yet, and adds one, naming what is missing in German', async () => {
    renderAdmin('/admins/settings/replies', { api: createMockApi({ savedReplies: [] }) });
    expect(await screen.findByText('Noch keine gemeinsamen Textbausteine.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Textbausteine' })).toBeInTheDocument();
    expect(screen.getByText(/^Alle Teammitglieder finden sie in der Auswahl des Notizeditors\. Platzhalter werden beim Einfügen ausgefüllt: \{\{/)).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Textbaustein hinzufügen' })));
    expect(screen.getByText('Markdown, wie in einer Notiz.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Titel' }), { target: { value: 'Abschluss' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(screen.getByRole('alert')).toHaveTextContent(inGerman(MESSAGES.enterSavedReplyBody));
  });

  it('lists the shared replies under German columns, and asks in German before deleting one', async () => {
    renderAdmin('/admins/settings/replies', { api: createMockApi({ savedReplies: [aSavedReply({ id: 2, title: 'Zugang nötig', usage_count: 3 })] }) });
    const table = await screen.findByRole('table', { name: 'Gemeinsame Textbausteine' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Titel', 'Verwendungen', 'Aktionen']);
    expect(within(table).getByRole('button', { name: 'Zugang nötig bearbeiten' })).toHaveTextContent('Bearbeiten');
    await act(async () => fireEvent.click(within(table).getByRole('button', { name: 'Zugang nötig löschen' })));
    const confirm = await screen.findByRole('alertdialog', { name: 'Textbaustein löschen' });
    expect(confirm).toHaveTextContent('Den Textbaustein „Zugang nötig“ für alle Teammitglieder löschen?');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' })));
    await waitFor(() => expect(screen.getByText('Noch keine gemeinsamen Textbausteine.')).toBeInTheDocument());
  });
});
