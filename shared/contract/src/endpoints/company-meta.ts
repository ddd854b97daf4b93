import type { EndpointTable } from './endpoint';

/** A company's meta entries (docs/product/companies-and-contacts.md#company-meta): all of them, one by key, saving one. */
export const companyMetaEndpoints = {
  companyMetaList: { method: 'GET', path: '/company/:id/meta', params: 'idParam', answer: 'metaEntry', many: true },
  companyMeta: { method: 'GET', path: '/company/:id/meta/:key', params: 'metaKeyParams', answer: 'metaEntry' },
  saveCompanyMeta: { method: 'PUT', path: '/company/:id/meta/:key', params: 'companyMetaParams', body: 'companyMetaSave', answer: 'metaEntry' },
} as const satisfies EndpointTable;
