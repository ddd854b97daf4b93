import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, monthLabel, monthsBackPeriod } from '@portal/domain';
import { useSession } from '@portal/session';
import {
  aBillingEntry, aClient, aCompany, anAdmin, anAgent, anOption, apiPath, dayOfMonthIso, errorAnswer, http, type BillingEntry,
} from '@portal/testing';
import { renderBilling } from '../../test-support/render-billing';

const admin = anAdmin();
const monthName = (offset: number) => monthLabel(monthsBackPeriod(new Date(), offset, useSession.getState().timeZone)?.month ?? '');

// This month: Acme 7 standard units (one ticket estimated at 2:30) and 3 meeting units at $55/h; Beta 13 units.
// Alan is paid $45.50/h, Zoe $38.25/h. Last month: 4 units of Acme.
const entries = (): BillingEntry[] => [
  aBillingEntry({ time: 7, agent_payrate: 45.5, estimated_time: 25, description: 'Fixed the form', date: dayOfMonthIso(0, 3) }),
  aBillingEntry({ ticket_id: 30, ticket_title: 'Kickoff', type_id: 6, time: 3, agent_payrate: 45.5, description: 'Kickoff call', date: dayOfMonthIso(0, 5) }),
  aBillingEntry({
    company_id: 5, company: 'Beta Inc', ticket_id: 40, ticket_title: 'New page', contact_id: 9, agent: 'Zoe Zed', agent_payrate: 38.25,
    time: 13, description: 'Built the page', date: dayOfMonthIso(0, 6),
  }),
  aBillingEntry({ time: 4, agent_payrate: 45.5, description: 'Old work', date: dayOfMonthIso(1, 8) }),
];

const seed = () => ({
  companies: [aCompany(), aCompany({ company_id: 5, name: 'Beta Inc' })],
  options: [anOption('rates', { unitPriceUsd: 10, meetingHourlyUsd: 55 })],
  billingEntries: entries(),
});

const row = (list: HTMLElement, name: string) => within(list).getByRole('listitem', { name });

describe('the admin invoices screen', () => {
  it('shows this month: each agent pay, the payroll total, the companies and the month total to the cent', async () => {
    renderBilling('/admins/invoices', { viewer: admin, api: seed() });
    expect(screen.getByRole('heading', { name: monthName(0), level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next month/ })).toBeDisabled();

    const payroll = await screen.findByRole('list', { name: MESSAGES.agentPayroll });
    // 10 units x $45.50 / 10 = $45.50; 13 units x $38.25 / 10 = $49.725 -> $49.73 (rounded per entry).
    expect(row(payroll, 'Alan Agent')).toHaveTextContent('$45.50');
    expect(row(payroll, 'Zoe Zed')).toHaveTextContent('$49.73');
    expect(screen.getByLabelText('Payroll total')).toHaveTextContent('$95.23');

    // Acme: 7 x $10 + 3 x $5.50 = $86.50; Beta: 13 x $10 = $130.00.
    expect(await screen.findByRole('button', { name: /Acme, LLC/ })).toHaveTextContent('$86.50');
    expect(screen.getByRole('button', { name: /Beta Inc/ })).toHaveTextContent('$130.00');
    expect(screen.getByRole('heading', { name: MESSAGES.allInvoiceItems, level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MESSAGES.invoiceDetails })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noItemsToDisplay)).toBeInTheDocument();
    expect(await screen.findByLabelText(MESSAGES.monthlyTotal)).toHaveTextContent('$216.50');
  });

  it('moves to the previous month and back through the URL offset', async () => {
    const view = renderBilling('/admins/invoices', { viewer: admin, api: seed() });
    await screen.findByRole('button', { name: /Acme, LLC/ });
    fireEvent.click(screen.getByRole('button', { name: /Previous month/ }));
    expect(await screen.findByRole('heading', { name: monthName(1), level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Acme, LLC/ })).toHaveTextContent('$40.00');
    expect(screen.queryByRole('button', { name: /Beta Inc/ })).toBeNull();
    expect(screen.getByLabelText('Payroll total')).toHaveTextContent('$18.20');
    expect(view.requests().map((r) => r.url)).toContain(`/api/time/payroll/1?time_zone=${encodeURIComponent(useSession.getState().timeZone)}`);
    fireEvent.click(screen.getByRole('button', { name: /Next month/ }));
    expect(await screen.findByRole('heading', { name: monthName(0), level: 2 })).toBeInTheDocument();
  });

  it("shows a selected company's items with estimates, totals at each rate and the Monthly Total", async () => {
    renderBilling('/admins/invoices', { viewer: admin, api: seed() });
    fireEvent.click(await screen.findByRole('button', { name: /Acme, LLC/ }));
    expect(await screen.findByRole('heading', { name: 'Acme, LLC', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Acme, LLC/ })).toHaveAttribute('aria-pressed', 'true');
    const items = await screen.findByRole('table', { name: 'Items' });
    const rows = within(items).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#12 Fix the contact form');
    // Logged on the ticket so far: this month's 7 units and last month's 4.
    expect(rows[0]).toHaveTextContent('estimate 02:30, logged 01:06');
    expect(rows[0]).toHaveTextContent('Fixed the form');
    expect(rows[0]).toHaveTextContent('$70.00');
    expect(rows[1]).toHaveTextContent('Kickoff call');
    expect(rows[1]).toHaveTextContent('$16.50');
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: 'Standard' })).toHaveTextContent('$70.00');
    expect(within(totals).getByRole('row', { name: 'Meetings' })).toHaveTextContent('$5.50');
    expect(within(totals).getByRole('row', { name: 'Meetings' })).toHaveTextContent('$16.50');
    expect(screen.getByLabelText('Estimated against actual')).toHaveTextContent('1 estimated ticket, estimate 02:30, logged 00:42');
    expect(screen.getByLabelText(MESSAGES.monthlyTotal)).toHaveTextContent('$86.50');
    expect(screen.queryByText(MESSAGES.noItemsToDisplay)).toBeNull();
  });

  it('issues the invoice with the edited summary, then links to it and marks it paid', async () => {
    const view = renderBilling('/admins/invoices?company=4', { viewer: admin, api: seed() });
    expect(await screen.findByText(MESSAGES.serviceNotConnected)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Write summary/ })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Fixed the form and held the kickoff.' } });
    fireEvent.click(screen.getByRole('button', { name: /Issue invoice/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Issue the ${monthName(0)} invoice for Acme, LLC ($86.50)?`);
    expect(dialog).toHaveTextContent('time logged after now will not be on this invoice');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Issue invoice' })));
    expect(view.writes()).toEqual([{
      method: 'POST', url: '/api/company/4/invoices',
      body: { offset: 0, time_zone: useSession.getState().timeZone, summary: 'Fixed the form and held the kickoff.' },
    }]);
    const issued = await screen.findByRole('status', { name: 'Issued invoice' });
    const stored = view.api.db.invoices[0];
    expect(stored).toMatchObject({ total: 86.5, summary: 'Fixed the form and held the kickoff.' });
    expect(issued).toHaveTextContent(`Invoice ${stored?.number ?? ''} issued`);
    expect(within(issued).getByRole('link', { name: `Open invoice ${stored?.number ?? ''}` }))
      .toHaveAttribute('href', `/clients/4/invoices/${stored?.invoice_id ?? 0}`);
    expect(await screen.findByText('Fixed the form and held the kickoff.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Issue invoice/ })).toBeNull();
    expect(await screen.findByRole('button', { name: /Acme, LLC.*Issued/ })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark paid' })));
    expect(view.writes()[1]).toEqual({ method: 'PUT', url: `/api/company/4/invoices/${stored?.invoice_id ?? 0}`, body: { status: 'paid' } });
    expect(await within(screen.getByRole('status', { name: 'Issued invoice' })).findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
  });

  it('says why an invoice was refused and keeps the summary', async () => {
    renderBilling('/admins/invoices/1?company=4', {
      viewer: admin, api: seed(),
      handlers: [http.post(apiPath('/company/:id/invoices'), () => errorAnswer(409, MESSAGES.invoiceAlreadyIssued))],
    });
    fireEvent.change(await screen.findByLabelText('Summary'), { target: { value: 'Old work.' } });
    fireEvent.click(await screen.findByRole('button', { name: /Issue invoice/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).not.toHaveTextContent('time logged after now');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Issue invoice' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invoiceAlreadyIssued);
    expect(screen.getByLabelText('Summary')).toHaveValue('Old work.');
    // The dialog closes with an animation: until it is gone its confirm button is a second match.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: /Issue invoice/ })).toBeEnabled();
  });

  it('drafts the summary with the AI helper when it is connected', async () => {
    const view = renderBilling('/admins/invoices?company=4', { viewer: admin, api: { ...seed(), ai: { connected: false, tasks: [], invoiceSummary: 'We fixed your form.' } } });
    const write = await screen.findByRole('button', { name: /Write summary/ });
    await screen.findByRole('table', { name: 'Items' });
    await act(async () => fireEvent.click(write));
    expect(await screen.findByDisplayValue('We fixed your form.')).toBeInTheDocument();
    expect(view.writes()[0]).toMatchObject({ url: '/api/ai/invoice-summary', body: { company_id: 4, offset: 0 } });
  });

  it('refuses everyone but admins', async () => {
    for (const viewer of [anAgent(), aClient()]) {
      const view = renderBilling('/admins/invoices', { viewer, api: seed() });
      expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: MESSAGES.agentPayroll })).toBeNull();
      view.unmount();
    }
  });
});
