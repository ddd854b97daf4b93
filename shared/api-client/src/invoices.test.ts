import { MESSAGES } from '@portal/domain';
import { aBillingEntry, aCompany, anAccountingCustomer, anAccountingInvoice, anAdmin, createMockApi, dayOfMonthIso, recordedRequests, server } from '@portal/testing';
import { ApiError } from './api-error';
import { createApiClient } from './client';

const BASE = 'http://localhost/api';
const ZONE = 'America/New_York';

describe('the billing client', () => {
  it('reads the month, payroll and a draft, issues the invoice once and marks it paid', async () => {
    const api = createMockApi({
      session: anAdmin(),
      companies: [aCompany(), aCompany({ company_id: 5, name: 'Beta Inc' })],
      billingEntries: [
        aBillingEntry({ time: 7, agent_payrate: 45 }),
        aBillingEntry({ company_id: 5, company: 'Beta Inc', ticket_id: 20, type_id: 6, time: 3, date: dayOfMonthIso(0, 12) }),
        aBillingEntry({ time: 4, date: dayOfMonthIso(1, 12) }),
      ],
    });
    server.use(...api.handlers);
    const client = createApiClient({ baseUrl: BASE });

    const month = await client.invoices.month(0, ZONE);
    expect(month.companies.map((c) => [c.company_name, c.total])).toEqual([['Acme, LLC', 70], ['Beta Inc', 15]]);
    expect(month.totals.total).toBe(85);
    const pay = await client.time.payroll(0, ZONE);
    expect(pay.rows).toEqual([{ contact_id: 8, name: 'Alan Agent', rate: null, units: 10, total: 46.5 }]);
    expect((await client.time.prevMonth(1, ZONE)).entries).toHaveLength(1);

    const issued = await client.invoices.issue(4, { offset: 0, time_zone: ZONE, summary: 'Fixed the form.' });
    expect(issued).toMatchObject({ company_id: 4, total: 70, status: 'issued', summary: 'Fixed the form.' });
    await expect(client.invoices.issue(4, { offset: 0, time_zone: ZONE })).rejects.toMatchObject({ status: 409, message: MESSAGES.invoiceAlreadyIssued });
    expect((await client.invoices.draft(4, 0, ZONE)).invoice?.number).toBe(issued.number);
    expect(await client.invoices.update(4, issued.invoice_id, { status: 'paid' })).toMatchObject({ status: 'paid' });
    expect(await client.invoices.list(4)).toMatchObject([{ invoice_id: issued.invoice_id, status: 'paid' }]);
    expect(recordedRequests().map((r) => r.url)).toContain(`/api/company/-1/invoiceitems/0?time_zone=${encodeURIComponent(ZONE)}`);
  });

  it('says when the AI summary and the accounting service are not connected, and reads them when they are', async () => {
    const off = createMockApi({ session: anAdmin() });
    server.use(...off.handlers);
    const client = createApiClient({ baseUrl: BASE });
    expect(await client.ai.status()).toEqual({ tasks: false, invoice_summary: false });
    const failure = await client.ai.invoiceSummary({ company_id: 4, offset: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, message: MESSAGES.serviceNotConnected });
    expect(await client.accounting.connected()).toBe(false);

    const on = createMockApi({
      ai: { connected: false, tasks: [], invoiceSummary: 'Forty words.' },
      accounting: {
        connected: true,
        customers: [anAccountingCustomer({ id: 'b', name: 'Beta' }), anAccountingCustomer({ id: 'a', name: 'Acme' })],
        invoices: { a: [anAccountingInvoice({ id: '1', invoiceDate: '2026-09-30' }), anAccountingInvoice({ id: '2', invoiceDate: '2026-10-31' })] },
      },
    });
    server.use(...on.handlers);
    expect(await client.ai.invoiceSummary({ company_id: 4, offset: 0 })).toBe('Forty words.');
    expect((await client.accounting.customers()).map((c) => c.name)).toEqual(['Acme', 'Beta']);
    expect((await client.accounting.invoices('a')).map((i) => i.id)).toEqual(['2', '1']);
  });
});
