import { exportEndpoints as api, pathOf, type QueryOf } from '@portal/contract/endpoints';

/**
 * The CSV exports (docs/product/integrations.md#exports): where each downloads from. The screens link to them (a plain
 * link with `download`: the browser sends the session cookie and saves the streamed file); nothing is fetched here.
 */
export interface ExportsApi {
  ticketsUrl(query: QueryOf<typeof api.exportTickets>): string;
  timeUrl(query: QueryOf<typeof api.exportTime>): string;
  invoicesUrl(query?: QueryOf<typeof api.exportInvoices>): string;
}

export function createExportsApi(baseUrl = '/api'): ExportsApi {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    ticketsUrl: (query) => `${root}${pathOf(api.exportTickets, undefined, query)}`,
    timeUrl: (query) => `${root}${pathOf(api.exportTime, undefined, query)}`,
    invoicesUrl: (query = {}) => `${root}${pathOf(api.exportInvoices, undefined, query)}`,
  };
}
