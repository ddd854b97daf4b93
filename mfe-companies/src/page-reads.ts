import { companyContactsKey, companyKey, optionKey, staffKey, type PageReads } from '@portal/api-client';

// What each company settings tab reads on its first render (docs/performance.md#data-with-the-page), by the keys its
// hooks use; src/page-reads.test.tsx checks each against what the page asks. The tab's own reads start once the
// company is in, so they are read ahead with it.

export const pageReads: PageReads = {
  '/clients/:companyId/info': ({ companyId }) => [companyKey(companyId!), optionKey('mode-defaults'), optionKey('service-defaults')],
  '/clients/:companyId/contacts': ({ companyId }) => [companyKey(companyId!), companyContactsKey(companyId!)],
  '/clients/:companyId/assignments': ({ companyId }) => [companyKey(companyId!), optionKey('type-defaults'), staffKey],
  '/clients/:companyId/prefs': ({ companyId }) => [companyKey(companyId!)],
  '/clients/:companyId/delete': ({ companyId }) => [companyKey(companyId!)],
};
