import useSWR from 'swr';
import type { AccountingCustomer, AccountingInvoice } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const accountingStatusKey = '/accounting/status';
export const accountingCustomersKey = '/accounting/customers';
export const accountingInvoicesKey = (customerId: string) => `/accounting/customers/${encodeURIComponent(customerId)}/invoices`;

/** The external accounting service, through the API (admins); unconfigured, its reads answer 503. */
export interface AccountingApi {
  /** Whether the server has the service configured. */
  connected(): Promise<boolean>;
  /** Business customers by name ascending (one page of 300). */
  customers(): Promise<AccountingCustomer[]>;
  /** A customer's invoices, newest first. */
  invoices(customerId: string): Promise<AccountingInvoice[]>;
}

export function createAccountingApi(http: Http): AccountingApi {
  return {
    connected: async () => (await http('GET', accountingStatusKey, (c) => c.accountingStatus)).connected,
    customers: () => http('GET', accountingCustomersKey, (c) => c.accountingCustomerList),
    invoices: (customerId) => http('GET', accountingInvoicesKey(customerId), (c) => c.accountingInvoiceList),
  };
}

const ONCE = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export function useAccountingStatus() {
  const client = useApiClient();
  return useSWR(accountingStatusKey, () => client.accounting.connected(), ONCE);
}

/** The customers, read only when `enabled` (the service is connected). */
export function useAccountingCustomers(enabled: boolean) {
  const client = useApiClient();
  return useSWR(enabled ? accountingCustomersKey : null, () => client.accounting.customers(), ONCE);
}

export function useAccountingInvoices(customerId: string | null | undefined) {
  const client = useApiClient();
  return useSWR(customerId ? accountingInvoicesKey(customerId) : null, () => client.accounting.invoices(customerId as string), ONCE);
}
