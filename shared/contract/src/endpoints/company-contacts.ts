import type { EndpointTable } from './endpoint';

/** A company's contacts (docs/product/companies-and-contacts.md): the list, adding one, changing one and its link, removing the link. */
export const companyContactEndpoints = {
  companyContacts: { method: 'GET', path: '/company/:id/contacts', params: 'idParam', answer: 'companyContact', many: true },
  addCompanyContact: { method: 'POST', path: '/company/:id/contacts', params: 'idParam', body: 'companyContactCreate', answer: 'companyContactAdded', status: 201 },
  updateCompanyContact: { method: 'PUT', path: '/company/:id/contacts/:contactId', params: 'companyContactParams', body: 'companyContactUpdate', answer: 'companyContact' },
  removeCompanyContact: { method: 'DELETE', path: '/company/:id/contacts/:contactId', params: 'companyContactParams', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
