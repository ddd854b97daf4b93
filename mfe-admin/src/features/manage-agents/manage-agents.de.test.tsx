import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, aCompany, aSecurityState, aTicket, agencyCurrency, anAdmin, anAgent, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Manage Agents as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const PATH = '/admins/settings/crm/agents';
const zed = () => anAgent({ contact_id: 9, first_name: 'Zed', last_name: 'Zulu', phone: '555-010-0009', meta: [{ id: 1, meta_key: 'pay_rate', meta_value: '1234.5' }] });
const agents = () => [zed(), anAdmin(), anAgent(), aClient()];

describe('Manage Agents in German', () => {
  it('names the columns, the links and the actions in German, with the rate in the agency currency as Germans write it', async () => {
    renderAdmin(PATH, { api: { contacts: agents(), security: aSecurityState({ secondFactor: { 9: ['totp', 'recovery'] } }) } });
    expect(await screen.findByRole('heading', { name: 'Bearbeiter verwalten' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Zed Zulu' });
    agencyCurrency('EUR');
    const table = screen.getByRole('table', { name: 'Bearbeiter' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      ['ID', 'Name', 'Gruppe', 'Stundensatz', 'Zwei-Faktor', 'Arbeit und Kontakt', 'Aktionen'],
    );
    expect(await within(row).findByText('1.234,50 €/Std.')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ein' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Alan Agent' })).getByRole('cell', { name: 'Aus' })).toBeInTheDocument();
    const links: [string, string][] = [
      ['Tickets von Zed Zulu', 'Tickets'], ['Zeit von Zed Zulu', 'Zeit'], ['E-Mail an Zed Zulu', 'E-Mail'], ['Zed Zulu anrufen', 'Anrufen'],
    ];
    for (const [name, text] of links) expect(within(row).getByRole('link', { name })).toHaveTextContent(text);
    const buttons: [string, string][] = [
      ['Stundensatz von Zed Zulu ändern', 'Stundensatz ändern'], ['Zwei-Faktor-Anmeldung von Zed Zulu zurücksetzen', 'Zwei-Faktor-Anmeldung zurücksetzen'],
      ['Zed Zulu überall abmelden', 'Überall abmelden'], ['Zed Zulu löschen', 'Löschen'],
    ];
    for (const [name, text] of buttons) expect(within(row).getByRole('button', { name })).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Bearbeiter hinzufügen' })).toBeInTheDocument();
  });

  it('says in German where the agent is named and what goes back to Backlog before deleting', async () => {
    const companies = [
      aCompany({ company_id: 4, name: 'Acme, LLC', meta: [{ id: 1, meta_key: 'default_agent', meta_value: '9' }] }),
      aCompany({ company_id: 5, name: 'Globex', meta: [{ id: 2, meta_key: 'default_agent', meta_value: '9' }] }),
      aCompany({ company_id: 6, name: 'Initech', meta: [{ id: 3, meta_key: 'default_agent', meta_value: '9' }] }),
    ];
    const tickets = [aTicket({ ticket_id: 70, assignee_id: 9, status_id: 7 }), aTicket({ ticket_id: 71, assignee_id: 9, status_id: 1 })];
    renderAdmin(PATH, { api: { contacts: agents(), companies, tickets } });
    fireEvent.click(await screen.findByRole('button', { name: 'Zed Zulu löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Zed Zulu löschen?' });
    expect(await within(dialog).findByText(/Standard-Bearbeiter/)).toHaveTextContent(
      'Zed Zulu ist Standard-Bearbeiter von Acme, LLC, Globex und Initech. Beim Löschen werden diese Zuordnungen aufgehoben. '
      + `2 offene Tickets gehen ohne Zuweisung und mit einer Notiz zurück in den Backlog. ${inGerman(MESSAGES.confirmDeleteAgent)}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
  });

  it('adds an agent in German: the labels, a refused e-mail and what was done', async () => {
    renderAdmin(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Bearbeiter hinzufügen' }));
    const form = screen.getByRole('form', { name: 'Bearbeiter hinzufügen' });
    fireEvent.change(within(form).getByLabelText(/Vorname/), { target: { value: 'Nia' } });
    fireEvent.change(within(form).getByLabelText(/Nachname/), { target: { value: 'Neu' } });
    fireEvent.change(within(form).getByLabelText(/E-Mail/), { target: { value: 'nia@' } });
    expect(within(form).getByText(inGerman(MESSAGES.invalidEmail))).toBeVisible();
    expect(inGerman(MESSAGES.invalidEmail)).not.toBe(MESSAGES.invalidEmail);
    expect(within(form).getByLabelText('Telefon')).toBeInTheDocument();
    expect(within(form).getByLabelText('Gruppe')).toBeInTheDocument();
    expect(within(form).getByLabelText('Stundensatz (USD pro Stunde)')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/E-Mail/), { target: { value: 'nia@demo.test' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Bearbeiter hinzufügen' })));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Nia Neu wurde hinzugefügt; eine E-Mail zum Festlegen des Passworts ist an nia@demo.test unterwegs.',
    );
    expect(within(form).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });

  it("edits a pay rate in German: the month it applies from, a refused rate and the saved rate", async () => {
    renderAdmin(PATH, { api: { contacts: agents() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Stundensatz von Alan Agent ändern' }));
    const form = screen.getByRole('form', { name: 'Stundensatz von Alan Agent' });
    expect(within(form).getByRole('heading', { name: 'Stundensatz von Alan Agent' })).toBeInTheDocument();
    const month = new Date().toLocaleDateString('de-DE', { month: 'long', year: 'numeric' });
    expect(form).toHaveTextContent(`Der neue Satz gilt für Zeit, die ab ${month} erfasst wird; frühere Monate behalten den Satz, zu dem sie vergütet wurden.`);
    const input = within(form).getByLabelText(/Stundensatz \(USD pro Stunde\)/);
    fireEvent.change(input, { target: { value: '4.567' } });
    expect(within(form).getByText(inGerman(MESSAGES.invalidPayRate))).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Stundensatz speichern' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '50.50' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Stundensatz speichern' })));
    expect(await within(form).findByRole('status')).toHaveTextContent(`Der Stundensatz von Alan Agent beträgt ab ${month} 50,50 $/Std.`);
  });
});
