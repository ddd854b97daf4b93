import { screen, within } from '@testing-library/react';
import { MESSAGES, monthLabel } from '@portal/domain';
import { aClient, anAdmin, anInvoice } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

const invoices = () => [
  anInvoice({ invoice_id: 1, number: 'INV-202609-0004', month: '2026-09', issue_date: '2026-10-01', due_date: '2026-10-14', status: 'paid', total: 120 }),
  anInvoice({ invoice_id: 2, number: 'INV-202610-0004', month: '2026-10', issue_date: '2026-11-01', due_date: '2099-11-14', total: 86.5 }),
  anInvoice({ invoice_id: 3, company_id: 5, company_name: 'Beta Inc', number: 'INV-202610-0005', month: '2026-10' }),
];

describe('a company invoices', () => {
  it("lists the company's issued invoices, newest first, each linking to its page", async () => {
    renderBilling('/clients/4/invoices', { viewer: aClient(), api: { invoices: invoices() } });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['INV-202610-0004', 'INV-202609-0004']);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'INV-202610-0004' })).toHaveAttribute('href', '/clients/4/invoices/2');
    expect(rows[0]).toHaveTextContent(monthLabel('2026-10'));
    expect(rows[0]).toHaveTextContent('11/1/2026');
    expect(rows[0]).toHaveTextContent('11/14/2099');
    expect(rows[0]).toHaveTextContent('Due');
    expect(rows[0]).toHaveTextContent('$86.50');
    expect(rows[1]).toHaveTextContent('Paid');
  });

  it('says when there are none yet, and lets an admin read any company', async () => {
    renderBilling('/clients/5/invoices', { viewer: anAdmin(), api: { invoices: [] } });
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });

  it("refuses another company's client and a contact who is not primary", () => {
    const other = aClient({ contact_id: 40, email: 'other@demo.test', company_id: 9, companies: [{ company_id: 9, name: 'Other', title: null, primary: 1 }] });
    const dana = aClient({ contact_id: 41, first_name: 'Dana', email: 'dana@demo.test', companies: [{ company_id: 4, name: 'Acme, LLC', title: null, primary: 0 }] });
    for (const viewer of [other, dana]) {
      const view = renderBilling('/clients/4/invoices', { viewer, api: { invoices: invoices() } });
      expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
      expect(view.requests().some((r) => r.url.includes('/invoices'))).toBe(false);
      view.unmount();
    }
  });
});
