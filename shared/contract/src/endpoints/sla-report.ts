import type { EndpointTable } from './endpoint';

/** The monthly response-times report (docs/product/response-times.md#the-monthly-report). Admins only. */
export const slaReportEndpoints = {
  slaReport: { method: 'GET', path: '/sla/report', query: 'slaReportQuery', answer: 'slaReport' },
} as const satisfies EndpointTable;
