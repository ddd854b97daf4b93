import useSWR from 'swr';
import type { Statement, StatementSummary } from '@portal/contract';
import { pathOf, statementEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

/** A company's statement of a month ('YYYY-MM'; docs/product/statements.md). */
export const statementKey = (companyId: number, month: string) => pathOf(api.companyStatement, { id: companyId, month });
/** The statements sent to a company. */
export const companyStatementsKey = (companyId: number) => pathOf(api.companyStatements, { id: companyId });
/** Every company's statement of a month, with its status (admins). */
export const statementMonthKey = (month: string) => pathOf(api.statementMonth, {}, { month });

export interface StatementsApi {
  get(companyId: number, month: string): Promise<Statement>;
  list(companyId: number): Promise<StatementSummary[]>;
  month(month: string): Promise<StatementSummary[]>;
  /** Keeps it back from the send; 409 once sent. */
  hold(companyId: number, month: string): Promise<StatementSummary>;
  /** Lets a held one go out with the next send; 409 unless held. */
  release(companyId: number, month: string): Promise<StatementSummary>;
}

export function createStatementsApi(http: Http): StatementsApi {
  return {
    get: (companyId, month) => http(api.companyStatement, { params: { id: companyId, month } }),
    list: (companyId) => http(api.companyStatements, { params: { id: companyId } }),
    month: (month) => http(api.statementMonth, { query: { month } }),
    hold: (companyId, month) => http(api.holdStatement, { params: { id: companyId, month } }),
    release: (companyId, month) => http(api.releaseStatement, { params: { id: companyId, month } }),
  };
}

export function useStatement(companyId: number | null | undefined, month: string | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId && month ? statementKey(companyId, month) : null, () => client.statements.get(companyId as number, month as string));
}

export function useCompanyStatements(companyId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId ? companyStatementsKey(companyId) : null, () => client.statements.list(companyId as number));
}

export function useStatementMonth(month: string | null) {
  const client = useApiClient();
  return useSWR(month ? statementMonthKey(month) : null, () => client.statements.month(month as string));
}

/** Hold and release: each reads the month's list and the statement again, whichever way the write went. */
export function useStatementMutations() {
  const client = useApiClient();
  const refresh = useRefreshAfter((key) => typeof key === 'string' && (key.startsWith('/statements?') || /^\/company\/\d+\/statements/.test(key)));
  return {
    hold: (companyId: number, month: string) => refresh(client.statements.hold(companyId, month)),
    release: (companyId: number, month: string) => refresh(client.statements.release(companyId, month)),
  };
}
