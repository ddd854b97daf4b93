import type { EndpointTable } from './endpoint';

/** Tags (docs/product/tags-and-views.md): staff tag tickets; admins rename, merge and delete tags. Never a client's. */
export const tagEndpoints = {
  tags: { method: 'GET', path: '/tags', query: 'tagListQuery', answer: 'tag', many: true },
  addTicketTag: { method: 'POST', path: '/ticket/:id/tags', params: 'idParam', body: 'ticketTagAdd', answer: 'ticketTags' },
  removeTicketTag: { method: 'DELETE', path: '/ticket/:id/tags/:name', params: 'ticketTagParams', answer: 'ticketTags' },
  renameTag: { method: 'PUT', path: '/tags/:id', params: 'idParam', body: 'tagRename', answer: 'tag' },
  deleteTag: { method: 'DELETE', path: '/tags/:id', params: 'idParam', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
