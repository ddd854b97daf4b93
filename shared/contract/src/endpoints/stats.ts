import type { EndpointTable } from './endpoint';

/** The admin stats (docs/product/dashboards.md): tickets opened, closed and assigned by month (staff). */
export const statsEndpoints = {
  ticketStats: { method: 'GET', path: '/stats/tickets', query: 'ticketStatsQuery', answer: 'ticketStatsMonth', many: true },
} as const satisfies EndpointTable;
