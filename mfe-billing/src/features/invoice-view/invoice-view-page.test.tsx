import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, anInvoice } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

const acmeInvoice = () => anInvoice({
  invoice_id: 7, number: 'INV-202610-0004', month: '2026-10', issue_date: '2026-11-01', due_date: '2099-11-14', total: 86.5,
  summary: 'Fixed the contact form and held the kickoff call.',
  items: [
    { time_id: 1, date: '2026-10-03T12:00:00.000Z', ticket_id: 12, ticket_title: 'Fix the contact form', description: 'Fixed the form', units: 7, rate_kind: 'standard', unit_price: 10, amount: 70, estimated_time: 25, ticket_time: 11, corrects_time_id: null, corrects_date: null },
    { time_id: 2, date: '2026-10-05T12:00:00.000Z', ticket_id: 30, ticket_title: 'Kickoff', description: 'Kickoff call', units: 3, rate_kind: 'meeting', unit_price: 5.5, amount: 16.5, estimated_time: null, ticket_time: null, corrects_time_id: null, corrects_date: null },
  ],
  totals: { standard: { units: 7, unit_price: 10, amount: 70 }, meeting: { units: 3, unit_price: 5.5, amount: 16.5 }, units: 10, total: 86.5 },
});

describe('the invoice view', () => {
  it('shows the provider, the company, the facts, the summary, the items and the totals at each rate', async () => {
    renderBilling('/clients/4/invoices/7', { viewer: aClient(), api: { invoices: [acmeInvoice()] } });
    expect(await screen.findByRole('heading', { name: 'Invoice INV-202610-0004', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Support Portal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@portal.test' })).toHaveAttribute('href', 'mailto:support@portal.test');
    expect(screen.getByText('Acme, LLC')).toBeInTheDocument();
    const facts = screen.getByLabelText('Invoice facts');
    expect(facts).toHaveTextContent('October 2026');
    expect(facts).toHaveTextContent('Issue date11/1/2026');
    expect(facts).toHaveTextContent('Due date11/14/2099');
    expect(facts).toHaveTextContent('StatusDue');
    expect(screen.getByText('Fixed the contact form and held the kickoff call.')).toBeInTheDocument();
    const items = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row').slice(1);
    expect(items[0]).toHaveTextContent('10/3/2026');
    expect(items[0]).toHaveTextContent('$70.00');
    expect(items[1]).toHaveTextContent('$16.50');
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: 'Meetings' })).toHaveTextContent('$16.50');
    expect(within(totals).getByRole('row', { name: 'Total' })).toHaveTextContent('$86.50');
    expect(screen.getByLabelText('Total due')).toHaveTextContent('$86.50');
  });

  it('shows a correction of an invoiced month as its own line, with the day it corrects and a negative amount', async () => {
    const base = acmeInvoice();
    const correction = {
      time_id: 3, date: '2026-10-20T12:00:00.000Z', ticket_id: 12, ticket_title: 'Fix the contact form', description: 'Billed twice in September',
      units: -4, rate_kind: 'standard' as const, unit_price: 10, amount: -40, estimated_time: null, ticket_time: null,
      corrects_time_id: 77, corrects_date: '2026-09-14T15:00:00.000Z',
    };
    renderBilling('/clients/4/invoices/7', { viewer: aClient(), api: { invoices: [{ ...base, items: [...base.items, correction] }] } });
    await screen.findByRole('heading', { name: 'Invoice INV-202610-0004' });
    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Correction');
    expect(rows[2]).toHaveTextContent('of the entry of 9/14/2026');
    expect(rows[2]).toHaveTextContent('Billed twice in September');
    expect(rows[2]).toHaveTextContent('-00:24');
    expect(rows[2]).toHaveTextContent('-$40.00');
    expect(rows[0]).not.toHaveTextContent('Correction');
  });

  it('prints on a clean A4 page', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderBilling('/clients/4/invoices/7', { viewer: aClient(), api: { invoices: [acmeInvoice()] } });
    await screen.findByRole('heading', { name: 'Invoice INV-202610-0004' });
    fireEvent.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);
    const css = document.querySelector('style[data-print-styles]')?.textContent ?? '';
    expect(css).toContain('@page { size: A4; margin: 15mm; }');
    expect(css).toMatch(/header, footer, nav, \[data-print-hide\] \{ display: none/);
    expect(screen.getByRole('button', { name: /Print/ }).closest('[data-print-hide]')).not.toBeNull();
    print.mockRestore();
  });

  it("refuses another company's client and says when the invoice does not exist", async () => {
    const other = aClient({ contact_id: 40, email: 'other@demo.test', company_id: 9, companies: [{ company_id: 9, name: 'Other', title: null, primary: 1 }] });
    const view = renderBilling('/clients/4/invoices/7', { viewer: other, api: { invoices: [acmeInvoice()] } });
    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(screen.queryByText('Fixed the contact form and held the kickoff call.')).toBeNull();
    view.unmount();
    renderBilling('/clients/4/invoices/99', { viewer: aClient(), api: { invoices: [acmeInvoice()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invoiceNotFound);
  });
});
