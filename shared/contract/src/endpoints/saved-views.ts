import type { EndpointTable } from './endpoint';

/** Saved views (docs/product/tags-and-views.md#saved-views): each staff member's own, with live counts. */
export const savedViewEndpoints = {
  savedViews: { method: 'GET', path: '/saved-views', answer: 'savedView', many: true },
  createSavedView: { method: 'POST', path: '/saved-views', body: 'savedViewCreate', answer: 'savedView', status: 201 },
  updateSavedView: { method: 'PUT', path: '/saved-views/:id', params: 'idParam', body: 'savedViewUpdate', answer: 'savedView' },
  deleteSavedView: { method: 'DELETE', path: '/saved-views/:id', params: 'idParam', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
