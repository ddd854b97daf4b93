import type { EndpointTable } from './endpoint';

/** The external accounting service's customers and invoices (docs/product/time-and-billing.md#accounting-service): admins only. */
export const accountingEndpoints = {
  accountingStatus: { method: 'GET', path: '/accounting/status', answer: 'accountingStatus' },
  accountingCustomers: { method: 'GET', path: '/accounting/customers', answer: 'accountingCustomerList' },
  accountingCustomerInvoices: { method: 'GET', path: '/accounting/customers/:customerId/invoices', params: 'accountingCustomerParams', answer: 'accountingInvoiceList' },
} as const satisfies EndpointTable;
