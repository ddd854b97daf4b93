import type { EndpointTable } from './endpoint';

/** Companies (docs/product/companies-and-contacts.md): the list, the URL check, creating, reading, changing and deleting one. */
export const companyEndpoints = {
  companies: { method: 'GET', path: '/company', query: 'companyListQuery', answer: 'companyWithPrimary', many: true },
  companySearch: { method: 'GET', path: '/company/search', query: 'companySearchQuery', answer: 'companySearchAnswer' },
  createCompany: { method: 'POST', path: '/company', body: 'companyCreate', answer: 'company', status: 201 },
  company: { method: 'GET', path: '/company/:id', params: 'idParam', answer: 'company' },
  updateCompany: { method: 'PUT', path: '/company/:id', params: 'idParam', body: 'companyUpdate', answer: 'companyUpdateAnswer' },
  deleteCompany: { method: 'DELETE', path: '/company/:id', params: 'idParam', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
