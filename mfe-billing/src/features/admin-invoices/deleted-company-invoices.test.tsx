import { fireEvent, screen, within } from '@testing-library/react';
import { DELETED_COMPANIES_INVOICES_TITLE, NO_DELETED_COMPANY_INVOICES, deletedCompanyMonthNote, monthLabel, monthsBackPeriod } from '@portal/domain';
import { useSession } from '@portal/session';
import { aBillingEntry, aCompany, anAdmin, anInvoice, dayOfMonthIso } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

// A deleted company keeps its money on the admin invoices screen (docs/product/time-and-billing.md#deleted-companies):
// Gone Gadgets (company 5) was deleted after its last month was issued; this month's time is not issued yet.

const admin = anAdmin();
const month = (offset: number) => monthsBackPeriod(new Date(), offset, useSession.getState().timeZone)?.month ?? '';

const seed = () => ({
  companies: [aCompany()],
  billingEntries: [
    aBillingEntry({ company_id: 5, company: 'Gone Gadgets', ticket_id: 50, ticket_title: 'Gadget page', time: 10, description: 'Old work', date: dayOfMonthIso(1, 8) }),
    aBillingEntry({ company_id: 5, company: 'Gone Gadgets', ticket_id: 50, ticket_title: 'Gadget page', time: 6, description: 'Last work', date: dayOfMonthIso(0, 2) }),
  ],
  invoices: [
    anInvoice(),
    anInvoice({ invoice_id: 7, company_id: 5, company_name: 'Gone Gadgets', number: 'INV-GONE-0005', month: month(1), total: 100 }),
  ],
});

describe("the admin invoices screen's deleted companies", () => {
  it("lists a deleted company's issued invoices, each opening its page and its month", async () => {
    renderBilling('/admins/invoices', { viewer: admin, api: seed() });
    const list = await screen.findByRole('list', { name: DELETED_COMPANIES_INVOICES_TITLE });
    const item = within(list).getByRole('listitem', { name: 'INV-GONE-0005' });
    expect(within(list).queryByRole('listitem', { name: 'INV-202611-0004' })).toBeNull();
    expect(item).toHaveTextContent('$100.00');
    expect(within(item).getByRole('link', { name: 'INV-GONE-0005' })).toHaveAttribute('href', '/clients/5/invoices/7');
    fireEvent.click(within(item).getByRole('link', { name: monthLabel(month(1)) }));
    expect(await screen.findByRole('heading', { name: 'Gone Gadgets', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(deletedCompanyMonthNote('Gone Gadgets', true))).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Issued invoice' })).toHaveTextContent('INV-GONE-0005');
  });

  it("says a deleted company's unissued month can still be issued, and offers it", async () => {
    renderBilling('/admins/invoices?company=5', { viewer: admin, api: seed() });
    expect(await screen.findByText(deletedCompanyMonthNote('Gone Gadgets', false))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Issue invoice/ })).toBeInTheDocument();
  });

  it('says when no deleted company has an invoice', async () => {
    renderBilling('/admins/invoices', { viewer: admin, api: { ...seed(), invoices: [anInvoice()] } });
    expect(await screen.findByText(NO_DELETED_COMPANY_INVOICES)).toBeInTheDocument();
  });
});
