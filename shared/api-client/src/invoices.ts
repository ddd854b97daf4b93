import useSWR, { useSWRConfig } from 'swr';
import type { Invoice, InvoiceDraft, InvoiceIssue, InvoiceMonth, InvoiceSummary, InvoiceUpdate } from '@portal/contract';
import { invoiceEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

const zoneQuery = (timeZone?: string) => ({ time_zone: timeZone || undefined });

/** Every company with time in the month `offset` months back, with the month's totals (admins). */
export const invoiceMonthKey = (offset: number, timeZone?: string) => pathOf(api.invoiceMonth, { offset }, zoneQuery(timeZone));
/** One company's month before it is issued: items, totals at each rate, estimates, the issued invoice if any. */
export const invoiceDraftKey = (companyId: number, offset: number, timeZone?: string) =>
  pathOf(api.invoiceDraft, { id: companyId, offset }, zoneQuery(timeZone));
export const companyInvoicesKey = (companyId: number) => pathOf(api.companyInvoices, { id: companyId });
export const invoiceKey = (companyId: number, invoiceId: number) => pathOf(api.invoice, { id: companyId, invoiceId });
/** The issued invoices of companies that were deleted (admins). */
export const deletedCompanyInvoicesKey = pathOf(api.deletedCompanyInvoices);

export interface InvoicesApi {
  month(offset: number, timeZone?: string): Promise<InvoiceMonth>;
  draft(companyId: number, offset: number, timeZone?: string): Promise<InvoiceDraft>;
  /** The company's issued invoices (admins and the company's primary contacts). */
  list(companyId: number): Promise<InvoiceSummary[]>;
  get(companyId: number, invoiceId: number): Promise<Invoice>;
  /** Admins: the issued invoices of deleted companies, newest month first. */
  deletedCompanies(): Promise<InvoiceSummary[]>;
  /** Freezes the month into an invoice; 409 when it was already issued, 400 when there is nothing to bill. */
  issue(companyId: number, input: InvoiceIssue): Promise<Invoice>;
  /** Marks the invoice paid (or back to issued); the answer is read as the invoice's summary fields. */
  update(companyId: number, invoiceId: number, changes: InvoiceUpdate): Promise<InvoiceSummary>;
}

export function createInvoicesApi(http: Http): InvoicesApi {
  return {
    month: (offset, timeZone) => http(api.invoiceMonth, { params: { offset }, query: zoneQuery(timeZone) }),
    draft: (companyId, offset, timeZone) => http(api.invoiceDraft, { params: { id: companyId, offset }, query: zoneQuery(timeZone) }),
    list: (companyId) => http(api.companyInvoices, { params: { id: companyId } }),
    get: (companyId, invoiceId) => http(api.invoice, { params: { id: companyId, invoiceId } }),
    deletedCompanies: () => http(api.deletedCompanyInvoices),
    issue: (companyId, input) => http(api.issueInvoice, { params: { id: companyId }, body: input }),
    update: (companyId, invoiceId, changes) => http(api.updateInvoice, { params: { id: companyId, invoiceId }, body: changes }),
  };
}

type TimeZoneRead = ReadOptions & { timeZone?: string };

export function useInvoiceMonth(offset: number | null, { timeZone, ...options }: TimeZoneRead = {}) {
  const client = useApiClient();
  return useSWR(offset === null ? null : invoiceMonthKey(offset, timeZone), () => client.invoices.month(offset as number, timeZone), options);
}

export function useInvoiceDraft(companyId: number | null | undefined, offset: number, { timeZone, ...options }: TimeZoneRead = {}) {
  const client = useApiClient();
  return useSWR(
    companyId ? invoiceDraftKey(companyId, offset, timeZone) : null,
    () => client.invoices.draft(companyId as number, offset, timeZone),
    options,
  );
}

export function useCompanyInvoices(companyId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(companyId ? companyInvoicesKey(companyId) : null, () => client.invoices.list(companyId as number), options);
}

export function useDeletedCompanyInvoices(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(deletedCompanyInvoicesKey, () => client.invoices.deletedCompanies(), options);
}

export function useInvoice(companyId: number | null | undefined, invoiceId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(
    companyId && invoiceId ? invoiceKey(companyId, invoiceId) : null,
    () => client.invoices.get(companyId as number, invoiceId as number),
    options,
  );
}

/** Issue and mark paid; each revalidates the month, the company's drafts, its invoice list and the invoice. Errors reach the caller. */
export function useInvoiceMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = (companyId: number) =>
    mutate((key) => typeof key === 'string'
      && (key.startsWith('/company/-1/invoiceitems/') || key.startsWith(`/company/${companyId}/invoiceitems/`)
        || key.startsWith(companyInvoicesKey(companyId)) || key === deletedCompanyInvoicesKey));
  return {
    async issue(companyId: number, input: InvoiceIssue) {
      const issued = await client.invoices.issue(companyId, input);
      await refresh(companyId);
      return issued;
    },
    async setStatus(companyId: number, invoiceId: number, status: InvoiceUpdate['status']) {
      const saved = await client.invoices.update(companyId, invoiceId, { status });
      await refresh(companyId);
      return saved;
    },
  };
}
