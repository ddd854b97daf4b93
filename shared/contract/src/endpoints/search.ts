import type { EndpointTable } from './endpoint';

/** Search (docs/product/search.md): rows of one type by whitelisted fields, and the full-text search. */
export const searchEndpoints = {
  searchRows: { method: 'POST', path: '/search/:type', params: 'searchTypeParam', body: 'searchRequest', answer: 'searchRow', many: true },
  find: { method: 'GET', path: '/search', query: 'findQuery', answer: 'findAnswer' },
} as const satisfies EndpointTable;
