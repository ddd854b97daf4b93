import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Response times as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const form = () => screen.findByRole('form', { name: 'Einstellungen der Reaktionszeiten' });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reaktionszeiten speichern' })));

describe('response times in Admin Settings, in German', () => {
  it('names the hours, the days and the targets in German, and says what to fix in German', async () => {
    renderAdmin('/admins/settings/response-times');
    expect(screen.getByRole('link', { name: 'Reaktionszeiten' })).toHaveAttribute('aria-current', 'page');
    await form();
    expect(screen.getByRole('heading', { name: 'Reaktionszeiten' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Zeitzone' })).toHaveValue('UTC');
    expect(screen.getByText('Ein IANA-Name wie Europe/Berlin oder America/New_York.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Arbeitstage und Geschäftszeiten' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Montag' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sonntag' })).not.toBeChecked();
    expect(screen.getByLabelText('Montag: Beginn')).toHaveValue('09:00');
    expect(screen.getByRole('textbox', { name: 'Feiertage' })).toBeInTheDocument();

    const targets = screen.getByRole('table', { name: 'Zielzeiten je Priorität' });
    expect(within(targets).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Priorität', 'Erste Antwort (Minuten Geschäftszeit)', 'Lösung (Minuten Geschäftszeit)',
    ]);
    fireEvent.change(within(targets).getByRole('textbox', { name: 'Urgent: erste Antwort in Minuten' }), { target: { value: '90' } });
    expect(within(targets).getByText('= 1 h 30 min')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Dienstag: Ende'), { target: { value: '08:00' } });
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(inGerman(MESSAGES.slaHoursInvalid));
    fireEvent.change(screen.getByLabelText('Dienstag: Ende'), { target: { value: '17:00' } });
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Reaktionszeiten gespeichert.');
  }, 15_000);

  it("sets a company's own targets in German", async () => {
    renderAdmin('/admins/settings/response-times');
    await form();
    expect(screen.getByRole('heading', { name: 'Eigene Zielzeiten eines Unternehmens' })).toBeInTheDocument();
    const company = screen.getByRole('combobox', { name: 'Unternehmen' });
    expect(within(company).getByRole('option', { name: 'Unternehmen auswählen' })).toBeInTheDocument();
    fireEvent.change(company, { target: { value: String(aCompany().company_id) } });
    const own = await screen.findByRole('table', { name: 'Zielzeiten des Unternehmens' });
    expect(screen.getByText('Richtet sich nach den Standard-Zielzeiten.')).toBeInTheDocument();
    fireEvent.change(within(own).getByRole('textbox', { name: 'High: Lösung in Minuten' }), { target: { value: '960' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zielzeiten des Unternehmens speichern' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Die eigenen Zielzeiten des Unternehmens sind gespeichert.');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Standard-Zielzeiten verwenden' })));
    expect(await screen.findByText('Das Unternehmen richtet sich jetzt nach den Standard-Zielzeiten.')).toBeInTheDocument();
  });
});
