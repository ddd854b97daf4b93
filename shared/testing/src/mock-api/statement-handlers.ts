import type { StatementSummary } from '@portal/contract';
import { statementEndpoints as api } from '@portal/contract/endpoints';
import {
  DEFAULT_TYPES, MESSAGES, STATEMENT_MESSAGES, buildStatement, canHoldStatement, canManageStatements, canReadCompanyStatement, canReleaseStatement,
  canSeeStatement, currentMonthPeriod, monthPeriod, parseRates, parseYearMonth, type StatementStatus,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { billingEntriesIn, findCompany } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nowIso } from './respond';

/**
 * Monthly statements as the API answers them (docs/product/statements.md): built by the @portal/domain rule from the
 * month's `db.billingEntries`, the company's tickets and its plan hours (`db.hourBanks`); held and sent rows in
 * `db.statements`. Months in UTC.
 */
export function statementHandlers(db: PortalData) {
  const viewer = () => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const rowOf = (companyId: number, month: string) => db.statements.find((row) => row.company_id === companyId && row.month === month);
  const statusOf = (companyId: number, month: string): StatementStatus => rowOf(companyId, month)?.status ?? 'draft';
  const currentMonth = () => currentMonthPeriod(new Date(), 'UTC').month;

  const contentOf = (companyId: number, month: string) => {
    const period = monthPeriod(parseYearMonth(month)!, 'UTC');
    const from = period.from.toISOString();
    const to = period.to.toISOString();
    const asOf = new Date() < period.to ? new Date() : period.to;
    const tickets = db.tickets.filter((ticket) => ticket.company_id === companyId);
    return buildStatement({
      month,
      entries: billingEntriesIn(db, period).filter((entry) => entry.company_id === companyId),
      completed: tickets.flatMap((ticket) => (ticket.date_completed !== null && ticket.date_completed >= from && ticket.date_completed < to
        ? [{ ticket_id: ticket.ticket_id, title: ticket.title, date_completed: ticket.date_completed }] : [])),
      open: tickets.map((ticket) => ({ ticket_id: ticket.ticket_id, title: ticket.title, status_id: ticket.status_id, date_due: ticket.date_due })),
      maintenance: [],
      plan: db.hourBanks[companyId]?.balance ?? null,
      asOf,
      types: DEFAULT_TYPES,
      rates: parseRates(db.options.find((o) => o.option_name === 'rates')?.option_value),
    });
  };
  const summaryOf = (companyId: number, month: string): StatementSummary => {
    const row = rowOf(companyId, month);
    const content = contentOf(companyId, month);
    return {
      company_id: companyId, company_name: findCompany(db, companyId)?.name ?? `Company ${companyId}`, month, status: row?.status ?? 'draft',
      total_units: content.total_units, total_amount: content.total_amount, date_held: row?.date_held ?? null, date_sent: row?.date_sent ?? null,
    };
  };
  const badMonth = (month: string) => !parseYearMonth(month) || month > currentMonth();

  return [
    mock(api.companyStatements, ({ params }) => {
      const who = viewer();
      const companyId = idParam(params);
      if (!who || !canReadCompanyStatement(who, companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      const sent = db.statements.filter((row) => row.company_id === companyId && row.status === 'sent').sort((a, b) => b.month.localeCompare(a.month));
      return answer(api.companyStatements, sent.map((row) => summaryOf(companyId, row.month)));
    }),
    mock(api.companyStatement, ({ params }) => {
      const who = viewer();
      const companyId = idParam(params);
      const month = String(params.month);
      if (!who || !canReadCompanyStatement(who, companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      if (badMonth(month)) return errorAnswer(400, STATEMENT_MESSAGES.monthNotOpen);
      const company = findCompany(db, companyId);
      if (!company) return errorAnswer(404, MESSAGES.companyNotFound);
      if (!canSeeStatement(who, companyId, statusOf(companyId, month))) return errorAnswer(404, STATEMENT_MESSAGES.statementNotFound);
      const row = rowOf(companyId, month);
      return answer(api.companyStatement, {
        ...contentOf(companyId, month), company_id: companyId, company_name: company.name, status: row?.status ?? 'draft', date_sent: row?.date_sent ?? null,
      });
    }),
    mock(api.statementMonth, ({ request }) => {
      const who = viewer();
      if (!who || !canManageStatements(who)) return errorAnswer(403, MESSAGES.notAuthorized);
      const month = new URL(request.url).searchParams.get('month') ?? '';
      if (badMonth(month)) return errorAnswer(400, STATEMENT_MESSAGES.monthNotOpen);
      const period = monthPeriod(parseYearMonth(month)!, 'UTC');
      const ids = new Set([
        ...billingEntriesIn(db, period).flatMap((entry) => (entry.company_id === null ? [] : [entry.company_id])),
        ...Object.keys(db.hourBanks).map(Number),
        ...db.statements.filter((row) => row.month === month).map((row) => row.company_id),
      ]);
      const list = [...ids].filter((id) => findCompany(db, id)).map((id) => summaryOf(id, month));
      return answer(api.statementMonth, list.sort((a, b) => a.company_name.localeCompare(b.company_name)));
    }),
    mock(api.holdStatement, ({ params }) => {
      const who = viewer();
      if (!who || !canManageStatements(who)) return errorAnswer(403, MESSAGES.notAuthorized);
      const companyId = idParam(params);
      const month = String(params.month);
      const check = canHoldStatement({ month, currentMonth: currentMonth(), status: statusOf(companyId, month) });
      if (!check.ok) return errorAnswer(check.status, check.message);
      if (!rowOf(companyId, month)) db.statements.push({ company_id: companyId, month, status: 'held', date_held: nowIso(), date_sent: null });
      return answer(api.holdStatement, summaryOf(companyId, month));
    }),
    mock(api.releaseStatement, ({ params }) => {
      const who = viewer();
      if (!who || !canManageStatements(who)) return errorAnswer(403, MESSAGES.notAuthorized);
      const companyId = idParam(params);
      const month = String(params.month);
      const check = canReleaseStatement(statusOf(companyId, month));
      if (!check.ok) return errorAnswer(check.status, check.message);
      db.statements = db.statements.filter((row) => !(row.company_id === companyId && row.month === month));
      return answer(api.releaseStatement, summaryOf(companyId, month));
    }),
  ];
}
