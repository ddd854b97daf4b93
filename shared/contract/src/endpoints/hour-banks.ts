import type { EndpointTable } from './endpoint';

/** Hour banks (docs/product/hour-banks.md): a company's plan hours, its settings (admins), and approval beyond the plan on a ticket. */
export const hourBankEndpoints = {
  hourBank: { method: 'GET', path: '/company/:id/hour-bank', params: 'idParam', query: 'hourBankQuery', answer: 'hourBankAnswer' },
  updateHourBank: { method: 'PUT', path: '/company/:id/hour-bank', params: 'idParam', body: 'hourBankUpdate', answer: 'hourBankAnswer' },
  overageApproval: { method: 'GET', path: '/ticket/:id/overage-approval', params: 'idParam', answer: 'overageApprovalAnswer' },
  askOverageApproval: {
    method: 'POST', path: '/ticket/:id/overage-approval', params: 'idParam', body: 'overageApprovalCreate', answer: 'overageApprovalAnswer', status: 201,
  },
  approveOverage: { method: 'POST', path: '/ticket/:id/overage-approval/approve', params: 'idParam', answer: 'overageApprovalAnswer' },
  declineOverage: { method: 'POST', path: '/ticket/:id/overage-approval/decline', params: 'idParam', answer: 'overageApprovalAnswer' },
} as const satisfies EndpointTable;
