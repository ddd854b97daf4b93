import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, currentMonthPeriod } from '@portal/domain';
import { aBillingEntry, aClient, anAdmin, createMockApi, dayOfMonthIso } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

// The admins' Statements list (docs/product/statements.md#previewing-and-holding) over the mock API.

const month = currentMonthPeriod(new Date(), 'UTC').month;
const entries = [aBillingEntry({ ticket_id: 12, ticket_title: 'Fix the contact form', type_id: 3, time: 15, date: dayOfMonthIso(0, 3) })];

describe('the admin Statements list', () => {
  it("shows the month's statements with their status; Hold keeps one back and Release lets it go", async () => {
    const api = createMockApi({ billingEntries: entries });
    renderBilling('/admins/statements', { viewer: anAdmin(), api });
    expect(screen.getByRole('heading', { name: 'Statements', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue(month);
    const row = await screen.findByRole('row', { name: 'Acme, LLC' });
    expect(row).toHaveTextContent('Draft');
    expect(row).toHaveTextContent('$150.00');
    expect(within(row).getByRole('link', { name: 'Preview Acme, LLC' })).toHaveAttribute('href', `/clients/4/statements/${month}`);

    fireEvent.click(within(row).getByRole('button', { name: 'Hold Acme, LLC' }));
    await waitFor(() => expect(screen.getByRole('row', { name: 'Acme, LLC' })).toHaveTextContent('Held'));
    expect(api.db.statements).toEqual([expect.objectContaining({ company_id: 4, month, status: 'held' })]);

    fireEvent.click(within(screen.getByRole('row', { name: 'Acme, LLC' })).getByRole('button', { name: 'Release Acme, LLC' }));
    await waitFor(() => expect(screen.getByRole('row', { name: 'Acme, LLC' })).toHaveTextContent('Draft'));
    expect(api.db.statements).toEqual([]);
  });

  it('shows a sent statement as Sent, with no Hold', async () => {
    renderBilling('/admins/statements', {
      viewer: anAdmin(),
      api: { billingEntries: entries, statements: [{ company_id: 4, month, status: 'sent', date_held: null, date_sent: dayOfMonthIso(0, 5) }] },
    });
    const row = await screen.findByRole('row', { name: 'Acme, LLC' });
    expect(row).toHaveTextContent('Sent');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('is for admins only, and links from the invoices screen', () => {
    const view = renderBilling('/admins/statements', { viewer: aClient() });
    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    view.unmount();
    renderBilling('/admins/invoices', { viewer: anAdmin() });
    expect(screen.getByRole('link', { name: 'Monthly statements' })).toHaveAttribute('href', '/admins/statements');
  });
});
