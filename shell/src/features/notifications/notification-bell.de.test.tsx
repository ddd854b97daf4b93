import { act, fireEvent, screen, within } from '@testing-library/react';
import { anAdmin, aNotification, readIn } from '@portal/testing';
import { uiMessages } from '@portal/ui';
import { shellMessages } from '../../messages';
import { renderShell } from '../../test-support/render-shell';

readIn('de', shellMessages, uiMessages);

describe('the notification bell in German', () => {
  it('names the unread count, and its panel speaks German with German dates; the stored note stays as written', async () => {
    renderShell('/admins', {
      viewer: { ...anAdmin(), language: 'de' },
      api: { notifications: [aNotification(), aNotification({ notification_id: 2, ticket_id: 12, note: 'Second one' })] },
    });
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' });
    await act(async () => fireEvent.click(bell));

    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    expect(within(panel).getByText('Benachrichtigungen per E-Mail senden')).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Täglich' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Alle als gelesen markieren' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Alle Benachrichtigungen löschen' })).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Liste der Benachrichtigungen' })).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Ticket 12 was updated')).toBeInTheDocument();
    expect(within(items[0]!).getByText('20.11.2026')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Ungelesen.')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Zum Ticket' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Als gelesen markieren' })).toBeInTheDocument();

    await act(async () => fireEvent.click(within(items[1]!).getByRole('button', { name: 'Benachrichtigung löschen' })));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Bitte bestätigen' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
