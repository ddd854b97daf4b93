import type { EndpointTable } from './endpoint';

/** Invoices (docs/product/time-and-billing.md): the admin invoices screen's month, a company's draft, issuing, the issued invoices. */
export const invoiceEndpoints = {
  invoiceMonth: { method: 'GET', path: '/company/-1/invoiceitems/:offset', params: 'monthOffsetParam', query: 'timeZoneQuery', answer: 'invoiceMonth' },
  invoiceDraft: { method: 'GET', path: '/company/:id/invoiceitems/:offset', params: 'companyMonthParams', query: 'timeZoneQuery', answer: 'invoiceDraft' },
  issueInvoice: { method: 'POST', path: '/company/:id/invoices', params: 'idParam', body: 'invoiceIssue', answer: 'invoice', status: 201 },
  companyInvoices: { method: 'GET', path: '/company/:id/invoices', params: 'idParam', answer: 'invoiceList' },
  deletedCompanyInvoices: { method: 'GET', path: '/invoices/deleted-companies', answer: 'invoiceList' },
  invoice: { method: 'GET', path: '/company/:id/invoices/:invoiceId', params: 'invoiceParams', answer: 'invoice' },
  updateInvoice: { method: 'PUT', path: '/company/:id/invoices/:invoiceId', params: 'invoiceParams', body: 'invoiceUpdate', answer: 'invoice' },
} as const satisfies EndpointTable;
