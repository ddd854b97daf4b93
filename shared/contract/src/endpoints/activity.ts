import type { EndpointTable } from './endpoint';

/** A ticket's activity notes (docs/product/tickets.md#activity-notes). */
export const activityEndpoints = {
  activity: { method: 'GET', path: '/ticket/:id/activity', params: 'idParam', query: 'activityListQuery', answer: 'activity', many: true },
  createActivity: { method: 'POST', path: '/activity', body: 'activityCreate', answer: 'activity', status: 201 },
  deleteActivity: { method: 'DELETE', path: '/activity/:id', params: 'idParam', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
