import { act, fireEvent, screen } from '@testing-library/react';
import { anAgent, readIn } from '@portal/testing';
import { ticketsMessages } from '../../messages';
import { newTicketMessages } from './messages';
import { renderRemote } from '../../test-support/render-remote';
import { NewTicketForm } from '../../new-ticket-form';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// The new-ticket form for a German reader (docs/product/languages.md).
describe('NewTicketForm in German', () => {
  beforeEach(() => sessionStorage.clear());
  readIn('de', ticketsMessages, newTicketMessages);

  it('labels its fields in German and names a missing one in German', async () => {
    renderRemote(<NewTicketForm onCancel={() => undefined} />, { viewer: anAgent() });

    expect(screen.getByRole('form', { name: 'Neues Ticket' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Typ' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Angebot erforderlich' })).toHaveDisplayValue('Nein');
    expect(screen.getByRole('option', { name: 'Typ auswählen' })).toBeInTheDocument();
    expect(screen.getByText('Optional')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ticket erstellen' })));

    expect(await screen.findByText('Das Feld „Titel“ ist erforderlich.')).toBeInTheDocument();
    expect(screen.getByText('Das Feld „Priorität“ ist erforderlich.')).toBeInTheDocument();
    expect(screen.queryByText('The Title field is required.')).toBeNull();
  }, 30_000);
});
