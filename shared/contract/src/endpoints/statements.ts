import type { EndpointTable } from './endpoint';

/**
 * Monthly statements (docs/product/statements.md): a company's statement of a month and its list (admins and the
 * company's primary contacts), every company's statement of a month, holding and releasing one (admins).
 */
export const statementEndpoints = {
  companyStatements: { method: 'GET', path: '/company/:id/statements', params: 'idParam', answer: 'statementList' },
  companyStatement: { method: 'GET', path: '/company/:id/statements/:month', params: 'statementParams', answer: 'statement' },
  statementMonth: { method: 'GET', path: '/statements', query: 'statementMonthQuery', answer: 'statementList' },
  holdStatement: { method: 'POST', path: '/company/:id/statements/:month/hold', params: 'statementParams', answer: 'statementSummary' },
  releaseStatement: { method: 'DELETE', path: '/company/:id/statements/:month/hold', params: 'statementParams', answer: 'statementSummary' },
} as const satisfies EndpointTable;
