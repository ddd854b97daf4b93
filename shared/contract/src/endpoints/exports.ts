import type { EndpointTable } from './endpoint';

/** CSV exports (docs/product/integrations.md#exports): files, not JSON (no answer schema). */
export const exportEndpoints = {
  exportTickets: { method: 'GET', path: '/exports/tickets.csv', query: 'ticketExportQuery' },
  exportTime: { method: 'GET', path: '/exports/time.csv', query: 'timeExportQuery' },
  exportInvoices: { method: 'GET', path: '/exports/invoices.csv', query: 'invoiceExportQuery' },
} as const satisfies EndpointTable;
