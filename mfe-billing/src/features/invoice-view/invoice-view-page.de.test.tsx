import { screen, within } from '@testing-library/react';
import { aClient, agencyCurrency, anInvoice, readIn } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';
import { billingMessages } from '../../messages';

// The client's invoice page for a German reader of an agency that invoices in euros (docs/product/languages.md).
const invoice = () => anInvoice({
  invoice_id: 7, number: 'INV-202610-0004', month: '2026-10', issue_date: '2026-11-01', due_date: '2099-11-14', total: 1234.5,
  summary: 'Fixed the contact form.',
  items: [
    { time_id: 1, date: '2026-10-03T12:00:00.000Z', ticket_id: 12, ticket_title: 'Fix the contact form', description: 'Fixed the form', units: 123, rate_kind: 'standard', unit_price: 10.04, amount: 1234.5, estimated_time: 25, ticket_time: 11, corrects_time_id: null, corrects_date: null },
    { time_id: 2, date: '2026-10-20T12:00:00.000Z', ticket_id: null, ticket_title: null, description: 'Billed twice', units: 0, rate_kind: 'standard', unit_price: 10, amount: 0, estimated_time: null, ticket_time: null, corrects_time_id: 77, corrects_date: '2026-09-14T15:00:00.000Z' },
  ],
  totals: { standard: { units: 123, unit_price: 10.04, amount: 1234.5 }, meeting: { units: 0, unit_price: 5.5, amount: 0 }, units: 123, total: 1234.5 },
});

describe('the invoice page in German', () => {
  readIn('de', billingMessages);

  it('speaks German, with German dates, the month in German and euros', async () => {
    renderBilling('/clients/4/invoices/7', { viewer: aClient(), api: { invoices: [invoice()] } });
    agencyCurrency('EUR');
    expect(await screen.findByRole('heading', { name: 'Rechnung INV-202610-0004', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Rechnungsempfänger')).toBeInTheDocument();
    const facts = screen.getByLabelText('Rechnungsangaben');
    expect(facts).toHaveTextContent('MonatOktober 2026');
    expect(facts).toHaveTextContent('Rechnungsdatum1.11.2026');
    expect(facts).toHaveTextContent('Fällig am14.11.2099');
    expect(facts).toHaveTextContent('StatusOffen');
    expect(screen.getByRole('heading', { name: 'Zusammenfassung' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Positionen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summen' })).toBeInTheDocument();

    const items = screen.getByRole('table', { name: 'Positionen' });
    expect(within(items).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Datum', 'Ticket', 'Beschreibung', 'Zeit', 'Betrag']);
    const rows = within(items).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('3.10.2026');
    expect(rows[0]).toHaveTextContent('1.234,50 €');
    expect(rows[1]).toHaveTextContent('Gelöschtes Ticket');
    expect(rows[1]).toHaveTextContent('Korrektur');
    expect(rows[1]).toHaveTextContent('des Eintrags vom 14.9.2026');

    const totals = screen.getByRole('table', { name: 'Summen' });
    expect(within(totals).getByRole('row', { name: 'Besprechungen' })).toHaveTextContent('0,00 €');
    expect(within(totals).getByRole('row', { name: 'Summe' })).toHaveTextContent('1.234,50 €');
    const due = screen.getByLabelText('Fälliger Betrag');
    expect(due).toHaveTextContent('Fällig bis 14.11.2099');
    expect(due).toHaveTextContent('1.234,50 €');
    expect(screen.getByRole('link', { name: 'Alle Rechnungen' })).toHaveAttribute('href', '/clients/4/invoices');
    expect(screen.getByRole('button', { name: /Drucken/ })).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('keeps US dollars in German when the agency invoices in dollars', async () => {
    renderBilling('/clients/4/invoices/7', { viewer: aClient(), api: { invoices: [invoice()] } });
    await screen.findByRole('heading', { name: 'Rechnung INV-202610-0004', level: 1 });
    expect(screen.getByLabelText('Fälliger Betrag')).toHaveTextContent('1.234,50 $');
  });
});
