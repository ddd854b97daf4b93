import type { Statement, StatementSummary } from '@portal/contract';
import {
  MESSAGES, STATEMENT_MESSAGES, buildStatement, canHoldStatement, canReleaseStatement, canSeeStatement, currentMonthPeriod, hasStatementActivity,
  invoiceMailRecipients, monthPeriod, parseYearMonth, statementMonthAt, type MonthPeriod, type StatementContent, type StatementStatus, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { statementRepository, type StatementRow } from '../repositories/statement-repository';
import { auditedSnapshot, type AuditActor } from './audit';
import { hourBankBalance } from './hour-bank';
import { lookupOption, ratesOption } from './option-defaults';
import type { ServiceContext } from './service-context';
import { mailLanguage } from '../messages';
import { portalLocale } from './contact-language';
import { statementMail } from './statement-mail';
import { AUTO_SUBMITTED } from './ticket-mail';

// Monthly statements (docs/product/statements.md): a company's month built from its rows (statement.ts in
// @portal/domain), the admins' list of a month, holding and releasing one, and the send on the first of the month:
// for each company with a statement, its row claimed (the insert of the primary key: a held or sent month is not sent)
// and one mail per primary contact queued in the outbox, in one transaction. Months are the portal's time zone's.

const zoneOf = (ctx: ServiceContext) => ctx.config.defaultTimeZone;

function periodOf(ctx: ServiceContext, month: string): MonthPeriod {
  const parsed = parseYearMonth(month);
  if (!parsed) throw new HttpError(400, MESSAGES.invalidInput);
  return monthPeriod(parsed, zoneOf(ctx));
}

/** A month that has started (the current one included); 400 for a later one. */
function startedPeriod(ctx: ServiceContext, month: string): MonthPeriod {
  const period = periodOf(ctx, month);
  if (month > currentMonthPeriod(ctx.clock(), zoneOf(ctx)).month) throw new HttpError(400, STATEMENT_MESSAGES.monthNotOpen);
  return period;
}

const statusOf = (row: StatementRow | undefined): StatementStatus => row?.status ?? 'draft';

/** The statement's content of a company's month, read now. */
async function contentOf(ctx: ServiceContext, companyId: number, period: MonthPeriod): Promise<StatementContent> {
  const repo = statementRepository(ctx.db);
  const now = ctx.clock();
  // Overdue is judged at the month's end, or now while the month runs.
  const asOf = now < period.to ? now : period.to;
  const [entries, completed, open, maintenance, plan, types, rates] = await Promise.all([
    ctx.repos.invoices.companyEntries(companyId, period),
    repo.completedTickets(companyId, period),
    repo.overdueTickets(companyId, asOf),
    repo.maintenanceTickets(companyId, period.month),
    hourBankBalance(ctx, companyId, period.month),
    lookupOption(ctx.repos.options, 'type-defaults'),
    ratesOption(ctx.repos.options),
  ]);
  return buildStatement({ month: period.month, entries, completed, open, maintenance, plan, asOf, types, rates });
}

function summaryOf(company: { company_id: number; name: string }, month: string, row: StatementRow | undefined, content?: StatementContent): StatementSummary {
  return {
    company_id: company.company_id,
    company_name: company.name,
    month,
    status: statusOf(row),
    total_units: content?.total_units ?? 0,
    total_amount: content?.total_amount ?? 0,
    date_held: row?.date_held ?? null,
    date_sent: row?.date_sent ?? null,
  };
}

/**
 * GET /company/:id/statements/:month: the statement as the page and the mail show it. Admins read every one (the
 * preview); the primary contacts one that was sent (404 before). 404 for a company that is gone.
 */
export async function companyStatement(ctx: ServiceContext, viewer: Viewer, companyId: number, month: string): Promise<Statement> {
  const period = startedPeriod(ctx, month);
  const [company, row] = await Promise.all([ctx.repos.companies.findById(companyId), statementRepository(ctx.db).find(companyId, month)]);
  if (!company) throw new HttpError(404, MESSAGES.companyNotFound);
  if (!canSeeStatement(viewer, companyId, statusOf(row))) throw new HttpError(404, STATEMENT_MESSAGES.statementNotFound);
  const content = await contentOf(ctx, companyId, period);
  return { ...content, company_id: companyId, company_name: company.name, status: statusOf(row), date_sent: row?.date_sent ?? null };
}

/** GET /company/:id/statements: the statements that went out to the company, newest month first. */
export async function companyStatements(ctx: ServiceContext, companyId: number): Promise<StatementSummary[]> {
  const company = await ctx.repos.companies.findById(companyId);
  if (!company) throw new HttpError(404, MESSAGES.companyNotFound);
  const rows = await statementRepository(ctx.db).sentForCompany(companyId);
  return rows.map((row) => summaryOf(company, row.month, row));
}

/** GET /statements?month=: every company with a statement for the month (or a held one), by name, with its status. */
export async function statementMonth(ctx: ServiceContext, month: string): Promise<StatementSummary[]> {
  const period = startedPeriod(ctx, month);
  const repo = statementRepository(ctx.db);
  const [companies, rows] = await Promise.all([repo.companiesWithActivity(period, month), repo.forMonth(month)]);
  const byCompany = new Map(rows.map((row) => [row.company_id, row]));
  const list: StatementSummary[] = [];
  for (const company of companies) list.push(summaryOf(company, month, byCompany.get(company.company_id), await contentOf(ctx, company.company_id, period)));
  // A held or sent statement of a company that has no activity any more (its time moved away) still shows.
  const listed = new Set(companies.map((company) => company.company_id));
  for (const row of rows.filter((row) => !listed.has(row.company_id))) {
    const company = await ctx.repos.companies.findById(row.company_id);
    if (company) list.push(summaryOf(company, month, row, await contentOf(ctx, row.company_id, period)));
  }
  return list;
}

async function companyOrThrow(ctx: ServiceContext, companyId: number) {
  const company = await ctx.repos.companies.findById(companyId);
  if (!company) throw new HttpError(404, MESSAGES.companyNotFound);
  return company;
}

/** POST /company/:id/statements/:month/hold (admins): kept back from the send until released; audited. 409 once sent. */
export async function holdStatement(ctx: ServiceContext, viewer: Viewer, actor: AuditActor, companyId: number, month: string): Promise<StatementSummary> {
  periodOf(ctx, month);
  const company = await companyOrThrow(ctx, companyId);
  const now = ctx.clock();
  const currentMonth = currentMonthPeriod(now, zoneOf(ctx)).month;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const repo = statementRepository(trx);
    const check = canHoldStatement({ month, currentMonth, status: statusOf(await repo.find(companyId, month, trx)) });
    if (!check.ok) throw new HttpError(check.status, check.message);
    if (await repo.hold(trx, companyId, month, viewer.contactId, now)) {
      await writeAudit(trx, [auditedSnapshot(actor, 'company.statement_held', { entityId: companyId, companyId, subject: company.name }, { month }, 'created')], now);
    }
    return repo.find(companyId, month, trx);
  });
  // The send claimed it between the check and the hold: it went out.
  if (row?.status === 'sent') throw new HttpError(409, STATEMENT_MESSAGES.alreadySent);
  return summaryOf(company, month, row);
}

/** DELETE /company/:id/statements/:month/hold (admins): a draft again, sent by the next pass; audited. 409 unless held. */
export async function releaseStatement(ctx: ServiceContext, actor: AuditActor, companyId: number, month: string): Promise<StatementSummary> {
  periodOf(ctx, month);
  const company = await companyOrThrow(ctx, companyId);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const repo = statementRepository(trx);
    const check = canReleaseStatement(statusOf(await repo.find(companyId, month, trx)));
    if (!check.ok) throw new HttpError(check.status, check.message);
    if (await repo.release(trx, companyId, month)) {
      await writeAudit(trx, [auditedSnapshot(actor, 'company.statement_released', { entityId: companyId, companyId, subject: company.name }, { month }, 'deleted')], now);
    }
  });
  return summaryOf(company, month, undefined);
}

export interface StatementRunSummary {
  month: string;
  /** Statements queued by this run. */
  sent: number;
  /** Statements kept back by an admin. */
  held: number;
}

/**
 * The send at `now` (the job runner's, every minute): the statements of the month just ended, each company once. A
 * company without a primary contact waits (it is sent when one is named, within the month after); a held one waits
 * for its release. The claim and the mails are one transaction: a failure leaves the month a draft for the next pass.
 */
export async function runStatements(ctx: ServiceContext, now: Date): Promise<StatementRunSummary> {
  const month = statementMonthAt(now, zoneOf(ctx));
  const period = periodOf(ctx, month);
  const repo = statementRepository(ctx.db);
  const summary: StatementRunSummary = { month, sent: 0, held: 0 };
  const [companies, rows] = await Promise.all([repo.companiesWithActivity(period, month), repo.forMonth(month)]);
  const byCompany = new Map(rows.map((row) => [row.company_id, row]));
  for (const company of companies) {
    const row = byCompany.get(company.company_id);
    if (row) {
      if (row.status === 'held') summary.held += 1;
      continue;
    }
    try {
      const primaries = invoiceMailRecipients(true, await ctx.repos.companyContacts.list(company.company_id));
      if (primaries.length === 0) continue;
      const content = await contentOf(ctx, company.company_id, period);
      if (!hasStatementActivity(content)) continue;
      const statement = { ...content, company_id: company.company_id, company_name: company.name };
      const claimed = await ctx.db.transaction().execute(async (trx) => {
        if (!(await statementRepository(trx).claimSend(trx, company.company_id, month, now))) return false;
        const ids: number[] = [];
        for (const contact of primaries) {
          // In the contact's language, the amounts in the agency's currency (option locale, never converted).
          const mail = statementMail(ctx.config.publicUrl, statement, contact.first_name, {
            timeZone: zoneOf(ctx), language: await mailLanguage(trx, contact.contact_id), currency: (await portalLocale(trx)).currency,
          });
          ids.push(await ctx.repos.mailOutbox.add(trx, { to: contact.email, ...mail, headers: AUTO_SUBMITTED }));
        }
        await statementRepository(trx).recordMail(trx, company.company_id, month, ids);
        return true;
      });
      if (claimed) summary.sent += 1;
    } catch (error) {
      ctx.log.error({ err: error, company_id: company.company_id, month }, 'monthly statement not sent');
    }
  }
  return summary;
}
