import type { EndpointTable } from './endpoint';

/**
 * Response-time promises (docs/product/response-times.md): the provider's business hours, holidays and targets per
 * priority, and a company's own targets. Admins only.
 */
export const slaEndpoints = {
  slaSettings: { method: 'GET', path: '/sla/settings', answer: 'slaSettings' },
  saveSlaSettings: { method: 'PUT', path: '/sla/settings', body: 'slaSettingsSave', answer: 'slaSettings' },
  companySlaTargets: { method: 'GET', path: '/company/:id/sla-targets', params: 'idParam', answer: 'companySlaTargets' },
  saveCompanySlaTargets: { method: 'PUT', path: '/company/:id/sla-targets', params: 'idParam', body: 'companySlaTargetsSave', answer: 'companySlaTargets' },
} as const satisfies EndpointTable;
