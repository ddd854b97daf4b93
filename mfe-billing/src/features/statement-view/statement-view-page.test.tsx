import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, currentMonthPeriod } from '@portal/domain';
import { aBillingEntry, aClient, anAdmin, dayOfMonthIso } from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

// The printable statement (docs/product/statements.md#the-printable-page), over the mock API: the month's billing
// entries of Acme (company 4) built into the statement by the @portal/domain rule.

const month = currentMonthPeriod(new Date(), 'UTC').month;
const entries = [
  aBillingEntry({ ticket_id: 12, ticket_title: 'Fix the contact form', type_id: 3, time: 15, date: dayOfMonthIso(0, 3) }),
  aBillingEntry({ ticket_id: 30, ticket_title: 'Kickoff', type_id: 6, time: 10, date: dayOfMonthIso(0, 4) }),
];
const sent = { company_id: 4, month, status: 'sent' as const, date_held: null, date_sent: dayOfMonthIso(0, 5) };

describe('the statement page', () => {
  it('shows every section under its heading, with time and value per ticket and per type', async () => {
    renderBilling(`/clients/4/statements/${month}`, { viewer: aClient(), api: { billingEntries: entries, statements: [sent] } });
    expect(await screen.findByRole('heading', { name: /^Statement for /, level: 1 })).toBeInTheDocument();
    for (const heading of ['Tickets worked', 'Completed', 'Time by type', 'Plan hours', 'Maintenance done', 'Overdue']) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    }
    const worked = within(screen.getByRole('table', { name: 'Tickets worked' })).getAllByRole('row').slice(1);
    expect(worked[0]).toHaveTextContent('#12 Fix the contact form');
    expect(worked[0]).toHaveTextContent('01:30');
    expect(worked[0]).toHaveTextContent('$150.00');
    expect(worked[1]).toHaveTextContent('Meeting');
    expect(worked[1]).toHaveTextContent('$50.00');
    expect(within(screen.getByRole('table', { name: 'Tickets worked' })).getByRole('row', { name: 'Total' })).toHaveTextContent('$200.00');
    expect(within(screen.getByRole('table', { name: 'Time by type' })).getByRole('row', { name: 'Incident/Bug' })).toHaveTextContent('$150.00');
    expect(screen.getByText('No plan hours this month.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is overdue.')).toBeInTheDocument();
  });

  it('prints on a clean A4 page', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderBilling(`/clients/4/statements/${month}`, { viewer: aClient(), api: { billingEntries: entries, statements: [sent] } });
    await screen.findByRole('heading', { name: /^Statement for / });
    fireEvent.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);
    const css = document.querySelector('style[data-print-styles]')?.textContent ?? '';
    expect(css).toContain('@page { size: A4; margin: 15mm; }');
    expect(screen.getByRole('button', { name: /Print/ }).closest('[data-print-hide]')).not.toBeNull();
    print.mockRestore();
  });

  it('lets an admin preview a draft; the primary contact reads it only once sent; another company never', async () => {
    const view = renderBilling(`/clients/4/statements/${month}`, { viewer: anAdmin(), api: { billingEntries: entries } });
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    view.unmount();
    const client = renderBilling(`/clients/4/statements/${month}`, { viewer: aClient(), api: { billingEntries: entries } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Statement not found.');
    client.unmount();
    const other = aClient({ contact_id: 40, email: 'other@demo.test', company_id: 9, companies: [{ company_id: 9, name: 'Other', title: null, primary: 1 }] });
    renderBilling(`/clients/4/statements/${month}`, { viewer: other, api: { billingEntries: entries, statements: [sent] } });
    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
  });

  it("lists the company's sent statements, linked from its invoices", async () => {
    const view = renderBilling('/clients/4/invoices', { viewer: aClient() });
    expect(await screen.findByRole('link', { name: 'Monthly statements' })).toHaveAttribute('href', '/clients/4/statements');
    view.unmount();
    renderBilling('/clients/4/statements', { viewer: aClient(), api: { billingEntries: entries, statements: [sent] } });
    expect(await screen.findByRole('heading', { name: 'Statements', level: 1 })).toBeInTheDocument();
    const row = within(await screen.findByRole('table', { name: 'Statements' })).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/clients/4/statements/${month}`);
    expect(row).toHaveTextContent('$200.00');
  });
});
