import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, hourBankBalanceOf, type Viewer } from '@portal/domain';
import { ACME_ID, aClient, anAgent, aTimeEntry, inGerman, readIn, renderWithPortal } from '@portal/testing';
import { hourBankMessages } from './hour-bank/messages';
import { PlanHours } from './hour-bank/plan-hours';
import { featuresMessages } from './messages';
import { NoteVisibilityChoice } from './note-visibility-choice';
import { settingsMessages } from './settings/messages';
import { TypeAssignmentsForm } from './settings/type-assignments-form';
import { TimeEntryActions } from './time-entry-actions';

// The shared widgets in German (docs/product/languages.md): their own texts from the features catalogues, the product's
// fixed texts through the table, and dates and hours as German writes them.

readIn('de', featuresMessages, settingsMessages, hourBankMessages);

it('a German agent reads an entry\'s actions with the day as German writes it, and its edit form and deletion in German', async () => {
  const agent = anAgent();
  const viewer: Viewer = { contactId: agent.contact_id, groupId: agent.group_id, companyIds: [], primaryCompanyIds: [] };
  const entry = aTimeEntry({ contact_id: agent.contact_id, date: '2026-11-19T11:00:00.000Z' });
  renderWithPortal(<TimeEntryActions entry={entry} viewer={viewer} timeZone="Europe/Berlin" />, { viewer: agent, api: { timeEntries: [entry] } });

  expect(screen.getByRole('button', { name: 'Zeiteintrag vom 19.11.2026 bearbeiten' })).toHaveTextContent('Bearbeiten');
  fireEvent.click(screen.getByRole('button', { name: 'Zeiteintrag vom 19.11.2026 löschen' }));
  const confirm = within(await screen.findByRole('alertdialog', { name: 'Zeiteintrag löschen' }));
  expect(confirm.getByText(inGerman(MESSAGES.confirmDeleteTimeEntry))).toBeInTheDocument();
  expect(inGerman(MESSAGES.confirmDeleteTimeEntry)).not.toBe(MESSAGES.confirmDeleteTimeEntry);
  fireEvent.click(confirm.getByRole('button', { name: 'Abbrechen' }));
  // The dialog closes in a later frame; until then the page behind it is hidden from assistive technology.
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Zeiteintrag vom 19.11.2026 bearbeiten' }));
  const form = within(await screen.findByRole('form', { name: 'Zeiteintrag bearbeiten' }));
  expect(form.getByRole('textbox', { name: 'Tätigkeitsbeschreibung' })).toHaveValue('Looked into it');
  expect(form.getByLabelText('Datum')).toHaveAttribute('type', 'date');
  expect(form.getByRole('button', { name: 'Zeit speichern' })).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
});

it('a German admin reads the type assignments and the note visibility choice in German', async () => {
  const onSave = jest.fn(async () => undefined);
  renderWithPortal(
    <>
      <TypeAssignmentsForm types={[{ id: 1, name: 'Question' }]} agents={[{ contact_id: 8, first_name: 'Alan', last_name: 'Agent' }]} value={{}} onSave={onSave} />
      <NoteVisibilityChoice value="internal" onChange={() => undefined} />
    </>,
  );

  const form = within(screen.getByRole('form', { name: 'Zuweisungen der Tickettypen' }));
  expect(within(form.getByRole('combobox', { name: 'Question' })).getByRole('option', { name: 'Keine Zuweisung' })).toBeInTheDocument();
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Zuweisungen speichern' })));
  expect(form.getByRole('status')).toHaveTextContent('Zuweisungen gespeichert.');

  const choice = screen.getByRole('radiogroup', { name: 'Wer diese Notiz sieht' });
  expect(within(choice).getByRole('radio', { name: 'Antwort' })).not.toBeChecked();
  expect(within(choice).getByRole('radio', { name: 'Interne Notiz' })).toBeChecked();
});

it('a German client reads the plan hours with a decimal comma', async () => {
  const client = aClient();
  const viewer: Viewer = { contactId: client.contact_id, groupId: 5, companyIds: [ACME_ID], primaryCompanyIds: [ACME_ID] };
  const balance = hourBankBalanceOf({
    month: '2026-12', includedUnits: 100, rolledOverUnits: 15, usedUnits: 65,
    spentOn: [{ ticketId: 12, title: 'Fix the contact form', units: 50 }, { ticketId: null, title: '', units: 15 }],
  });
  renderWithPortal(<PlanHours companyId={ACME_ID} viewer={viewer} />, {
    viewer: client, api: { hourBanks: { [ACME_ID]: { balance, settings: { included_hours: 10, rollover_cap_hours: 2 } } } },
  });

  const card = within(await screen.findByRole('region', { name: 'Planstunden' }));
  expect(card.getByRole('heading', { name: 'Planstunden' })).toBeInTheDocument();
  expect(card.getByRole('progressbar', { name: '6,5 von 11,5 Stunden verbraucht' })).toBeInTheDocument();
  expect(card.getByText('1,5 Stunden aus dem Vormonat übertragen')).toBeInTheDocument();
  const spent = within(card.getByRole('list', { name: 'Aufgewendet für' }));
  expect(spent.getByText('Ein gelöschtes Ticket')).toBeInTheDocument();
  expect(spent.getByText('1,5 Std.')).toBeInTheDocument();
});
