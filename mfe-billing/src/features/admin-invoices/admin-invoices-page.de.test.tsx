import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, monthsBackPeriod } from '@portal/domain';
import { useSession } from '@portal/session';
import { aBillingEntry, aCompany, agencyCurrency, anAdmin, anOption, dayOfMonthIso, inGerman, readIn } from '@portal/testing';
import { monthName } from '../../lib/month-name';
import { renderBilling } from '../../test-support/render-billing';
import { billingMessages } from '../../messages';

// The admin invoices screen for a German reader of an agency that invoices in euros (docs/product/languages.md).
const thisMonth = () => monthsBackPeriod(new Date(), 0, useSession.getState().timeZone)?.month ?? '';

const seed = () => ({
  companies: [aCompany(), aCompany({ company_id: 5, name: 'Beta Inc' })],
  options: [anOption('rates', { unitPriceUsd: 10, meetingHourlyUsd: 55 })],
  billingEntries: [
    aBillingEntry({ time: 7, agent_payrate: 45.5, estimated_time: 25, description: 'Fixed the form', date: dayOfMonthIso(0, 3) }),
    aBillingEntry({
      company_id: 5, company: 'Beta Inc', ticket_id: 40, ticket_title: 'New page', contact_id: 9, agent: 'Zoe Zed', agent_payrate: 38.25,
      time: 1230, description: 'Built the page', date: dayOfMonthIso(0, 6),
    }),
  ],
});

describe('the admin invoices screen in German', () => {
  readIn('de', billingMessages);

  it('lists the payroll and the companies in German, with the month in German and euros', async () => {
    renderBilling('/admins/invoices', { viewer: anAdmin(), api: seed() });
    agencyCurrency('EUR');
    expect(screen.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monatsübersichten' })).toHaveAttribute('href', '/admins/statements');
    expect(screen.getByRole('heading', { name: monthName(thisMonth(), 'de'), level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Vorheriger Monat/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Nächster Monat/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Zeiten als CSV exportieren' })).toBeInTheDocument();

    const payroll = await screen.findByRole('list', { name: inGerman(MESSAGES.agentPayroll) });
    // Zoe: 1230 units x 38.25 / 10 = 4704.75.
    expect(within(payroll).getByRole('listitem', { name: 'Zoe Zed' })).toHaveTextContent('123:00 zu 38,25 €/Std.');
    expect(within(payroll).getByRole('listitem', { name: 'Zoe Zed' })).toHaveTextContent('4.704,75 €');
    expect(screen.getByLabelText('Lohnsumme')).toHaveTextContent('4.736,60 €');

    expect(screen.getByRole('heading', { name: 'Unternehmen' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Beta Inc/ })).toHaveTextContent('12.300,00 €');
    expect(screen.getByRole('heading', { name: inGerman(MESSAGES.allInvoiceItems), level: 2 })).toBeInTheDocument();
    expect(await screen.findByLabelText(inGerman(MESSAGES.monthlyTotal))).toHaveTextContent('12.370,00 €');
    expect(screen.getByRole('heading', { name: 'Rechnungen gelöschter Unternehmen' })).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it("shows a company's month in German and asks in German before issuing it", async () => {
    renderBilling('/admins/invoices?company=4', { viewer: anAdmin(), api: seed() });
    agencyCurrency('EUR');
    const items = await screen.findByRole('table', { name: 'Positionen' });
    expect(within(items).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Datum', 'Ticket', 'Beschreibung', 'Zeit', 'Betrag']);
    expect(within(items).getAllByRole('row')[1]).toHaveTextContent('Schätzung 02:30, erfasst 00:42');
    expect(within(items).getAllByRole('row')[1]).toHaveTextContent('70,00 €');
    const totals = screen.getByRole('table', { name: 'Summen' });
    expect(within(totals).getByRole('row', { name: 'Besprechungen' })).toHaveTextContent('5,50 €');
    expect(screen.getByLabelText('Schätzung und Ist-Zeit')).toHaveTextContent('1 geschätztes Ticket, geschätzt 02:30, in diesem Monat erfasst 00:42.');
    expect(screen.getByRole('button', { name: /Zusammenfassung schreiben/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Rechnung ausstellen/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Die Rechnung für ${monthName(thisMonth(), 'de')} an Acme, LLC (70,00 €) ausstellen?`);
    expect(dialog).toHaveTextContent('Dieser Monat ist noch nicht vorbei');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rechnung ausstellen' })));
    const issued = await screen.findByRole('status', { name: 'Ausgestellte Rechnung' });
    expect(issued).toHaveTextContent(/Rechnung INV-\S+ ausgestellt am \d{1,2}\.\d{1,2}\.\d{4}, fällig am \d{1,2}\.\d{1,2}\.\d{4}/);
    expect(within(issued).getByText('Offen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Als bezahlt markieren' })).toBeInTheDocument();
  });
});
