import type { EndpointTable } from './endpoint';

/** The audit trail (docs/product/accounts-and-roles.md): the whole trail (admins) and one ticket's history (staff), newest first. */
export const auditEndpoints = {
  audit: { method: 'GET', path: '/audit', query: 'auditQuery', answer: 'auditPage' },
  ticketAudit: { method: 'GET', path: '/ticket/:id/audit', params: 'idParam', query: 'ticketAuditQuery', answer: 'auditPage' },
} as const satisfies EndpointTable;
