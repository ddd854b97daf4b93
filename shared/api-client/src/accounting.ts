import useSWR from 'swr';
import type { AccountingCustomer, AccountingInvoice } from '@portal/contract';
import { accountingEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const accountingStatusKey = pathOf(api.accountingStatus);
export const accountingCustomersKey = pathOf(api.accountingCustomers);
export const accountingInvoicesKey = (customerId: string) => pathOf(api.accountingCustomerInvoices, { customerId });

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
    connected: async () => (await http(api.accountingStatus)).connected,
    customers: () => http(api.accountingCustomers),
    invoices: (customerId) => http(api.accountingCustomerInvoices, { params: { customerId } }),
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
