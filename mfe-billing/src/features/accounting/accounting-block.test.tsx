import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { anAccountingCustomer, anAccountingInvoice, anAdmin } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

const section = async () => (await screen.findByRole('heading', { name: 'Accounting' })).closest('section') as HTMLElement;

describe('the accounting block of the invoices screen', () => {
  it('says the service is not connected when the server has none', async () => {
    const view = renderBilling('/admins/invoices', { viewer: anAdmin() });
    expect(await within(await section()).findByText(MESSAGES.serviceNotConnected)).toBeInTheDocument();
    expect(view.requests().map((r) => r.url)).not.toContain('/api/accounting/customers');
  });

  it("lists the customers with what they owe and the picked customer's invoices, newest first", async () => {
    renderBilling('/admins/invoices', {
      viewer: anAdmin(),
      api: {
        accounting: {
          connected: true,
          customers: [anAccountingCustomer({ id: 'b', name: 'Beta Inc', outstandingAmount: { value: '0' } }), anAccountingCustomer({ id: 'a' })],
          invoices: {
            a: [
              anAccountingInvoice({ id: '1', invoiceNumber: '1001', invoiceDate: '2026-09-30', amountDue: { value: '0.00' }, amountPaid: { value: '120.5' } }),
              anAccountingInvoice({ id: '2', invoiceNumber: '1002', invoiceDate: '2026-10-31' }),
            ],
          },
        },
      },
    });
    const block = await section();
    const picker = await within(block).findByLabelText('Customer');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a customer', 'Acme, LLC ($150.00 outstanding)', 'Beta Inc ($0.00 outstanding)',
    ]);
    fireEvent.change(picker, { target: { value: 'a' } });
    const table = await within(block).findByRole('table', { name: 'Customer invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Invoice 1002', 'Invoice 1001']);
    expect(rows[0]).toHaveTextContent('10/31/2026');
    expect(rows[0]).toHaveTextContent('$150.00');
    expect(rows[1]).toHaveTextContent('$0.00');
    expect(rows[1]).toHaveTextContent('$120.50');
  });
});
