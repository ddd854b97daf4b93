import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, currentMonthPeriod } from '@portal/domain';
import {
  aBillingEntry, aClient, agencyCurrency, anAccountingCustomer, anAccountingInvoice, anAdmin, anInvoice, createMockApi, dayOfMonthIso,
  inGerman, readIn,
} from '@portal/testing';
import { monthName } from './lib/month-name';
import { renderBilling } from './test-support/render-billing';
import { billingMessages } from './messages';

// The billing remote's other screens for a German reader of an agency that invoices in euros (docs/product/languages.md);
// the invoice page and the admin invoices screen have files of their own.

const month = currentMonthPeriod(new Date(), 'UTC').month;

describe('the billing screens in German', () => {
  readIn('de', billingMessages);

  it("lists a company's invoices in German, with German dates, months and euros", async () => {
    renderBilling('/clients/4/invoices', {
      viewer: aClient(),
      api: { invoices: [anInvoice({ invoice_id: 2, number: 'INV-202610-0004', month: '2026-10', issue_date: '2026-11-01', due_date: '2099-11-14', total: 1234.5 })] },
    });
    agencyCurrency('EUR');
    expect(screen.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monatsübersichten' })).toHaveAttribute('href', '/clients/4/statements');
    const table = await screen.findByRole('table', { name: 'Rechnungen' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nummer', 'Monat', 'Rechnungsdatum', 'Fällig am', 'Status', 'Summe']);
    const row = within(table).getByRole('row', { name: 'INV-202610-0004' });
    expect(row).toHaveTextContent('Oktober 2026');
    expect(row).toHaveTextContent('1.11.2026');
    expect(row).toHaveTextContent('14.11.2099');
    expect(row).toHaveTextContent('Offen');
    expect(row).toHaveTextContent('1.234,50 €');
  });

  it('says in German when a company has no invoices or statements yet', async () => {
    const view = renderBilling('/clients/4/invoices', { viewer: aClient(), api: { invoices: [] } });
    expect(await screen.findByText('Noch keine Rechnungen.')).toBeInTheDocument();
    view.unmount();
    renderBilling('/clients/4/statements', { viewer: aClient() });
    expect(screen.getByRole('heading', { name: 'Monatsübersichten', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Noch keine Monatsübersichten.')).toBeInTheDocument();
  });

  it("lists the month's statements for the admins in German, months named in German", async () => {
    const api = createMockApi({ billingEntries: [aBillingEntry({ ticket_id: 12, ticket_title: 'Fix the contact form', type_id: 3, time: 15, date: dayOfMonthIso(0, 3) })] });
    renderBilling('/admins/statements', { viewer: anAdmin(), api });
    agencyCurrency('EUR');
    expect(screen.getByRole('heading', { name: 'Monatsübersichten', level: 1 })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Monat' });
    expect(within(picker).getByRole('option', { name: monthName(month, 'de') })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Acme, LLC' });
    expect(row).toHaveTextContent('Entwurf');
    expect(row).toHaveTextContent('150,00 €');
    expect(within(row).getByRole('link', { name: 'Vorschau für Acme, LLC' })).toHaveTextContent('Vorschau');
    expect(within(row).getByRole('button', { name: 'Acme, LLC zurückhalten' })).toHaveTextContent('Zurückhalten');
  });

  it('states the agreement in German, its rates in euros', async () => {
    renderBilling('/agreement', { viewer: anAdmin() });
    agencyCurrency('EUR');
    expect(screen.getByRole('heading', { name: 'Wartungsvertrag', level: 1 })).toBeInTheDocument();
    for (const heading of ['Abrechnung', 'Gewährleistung', 'Ablauf', 'Anwendbares Recht']) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    }
    expect(await screen.findByText('Sätze: 100,00 € pro Stunde (Standard) und 50,00 € pro Stunde für Besprechungen, abgerechnet in Einheiten zu 6 Minuten.')).toBeInTheDocument();
  });

  it('sends each reader of /invoice to their invoices in German', () => {
    const view = renderBilling('/invoice', { viewer: anAdmin() });
    expect(screen.getByRole('heading', { name: 'Rechnung', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnungsübersicht' })).toHaveAttribute('href', '/admins/invoices');
    expect(screen.getByText(/Lohnabrechnung und die Rechnungen dieses Monats finden Sie in der/)).toHaveTextContent(
      'Lohnabrechnung und die Rechnungen dieses Monats finden Sie in der Rechnungsübersicht.',
    );
    view.unmount();
    renderBilling('/invoice', { viewer: aClient() });
    expect(screen.getByRole('link', { name: 'Rechnungen von Acme, LLC' })).toHaveAttribute('href', '/clients/4/invoices');
  });

  it("shows the accounting service's customers and invoices in German, amounts in euros", async () => {
    renderBilling('/admins/invoices', {
      viewer: anAdmin(),
      api: {
        accounting: {
          connected: true,
          customers: [anAccountingCustomer({ id: 'a', outstandingAmount: { value: '1234.5' } })],
          invoices: { a: [anAccountingInvoice({ id: '2', invoiceNumber: '1002', invoiceDate: '2026-10-31', amountDue: { value: '1234.5' } })] },
        },
      },
    });
    agencyCurrency('EUR');
    const block = (await screen.findByRole('heading', { name: 'Buchhaltung' })).closest('section') as HTMLElement;
    const picker = await within(block).findByLabelText('Kunde');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual(['Kunden auswählen', 'Acme, LLC (1.234,50 € offen)']);
    fireEvent.change(picker, { target: { value: 'a' } });
    const table = await within(block).findByRole('table', { name: 'Rechnungen des Kunden' });
    const row = within(table).getByRole('row', { name: 'Rechnung 1002' });
    expect(row).toHaveTextContent('31.10.2026');
    expect(row).toHaveTextContent('1.234,50 €');
  });

  it('names the fixed texts of the accounting block through the product table', async () => {
    renderBilling('/admins/invoices', { viewer: anAdmin() });
    const block = (await screen.findByRole('heading', { name: 'Buchhaltung' })).closest('section') as HTMLElement;
    expect(await within(block).findByText(inGerman(MESSAGES.serviceNotConnected))).toBeInTheDocument();
  });
});
