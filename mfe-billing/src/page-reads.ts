import { accountingStatusKey, companyInvoicesKey, companyKey, companyStatementsKey, deletedCompanyInvoicesKey, optionKey, type PageReads } from '@portal/api-client';

// What each billing page reads on its first render (docs/performance.md#data-with-the-page), by the keys its hooks use;
// src/page-reads.test.tsx checks each against what the page asks. The month's invoices and statements are left out:
// their keys carry the browser's time zone or today's month.

export const pageReads: PageReads = {
  '/admins/invoices': () => [deletedCompanyInvoicesKey, accountingStatusKey],
  '/clients/:companyId/invoices': ({ companyId }) => [companyKey(companyId!), companyInvoicesKey(companyId!)],
  '/clients/:companyId/statements': ({ companyId }) => [companyKey(companyId!), companyStatementsKey(companyId!)],
  '/agreement': () => [optionKey('rates')],
};
