import type { HourBankAnswer, HourBankSettingsAnswer, OverageApproval } from '@portal/contract';
import {
  HOUR_BANK_MESSAGES, MESSAGES, canAskOverageApproval, canViewTicket, canDecideOverage, canReadHourBank, canSetHourBank, formatBankHours, hourBankBalanceOf,
  includedUnitsOf, monthPeriod, overageApprovalCheck, overageByTicket, parseMaintenancePrefs, parseYearMonth, previousMonth, rolledOverUnits,
  thresholdsCrossed, unitsToHours, yearMonthOf, type Change, type HourBankBalance, type MonthPeriod, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { displayName } from '../repositories/contact-repository';
import { hourBankRepository, type BankEntry, type HourBankRow, type OverageApprovalRow } from '../repositories/hour-bank-repository';
import { auditRecord, auditedChange, companyTarget, recorded, ticketTarget, type AuditActor } from './audit';
import { addBellNotifications, type BellText } from './bell';
import { mailTranslator, perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import { textToHtml } from './mail-templates';
import { ratesOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';

// Hour banks (docs/product/hour-banks.md): a company's included hours per month, drawn down by the time logged on its
// tickets; the 80 % and 100 % notices, told once per month across processes; and the client's approval of work beyond it.

/** 'YYYY-MM' of the portal's current month. */
export function currentBankMonth(ctx: ServiceContext): string {
  const { year, month } = yearMonthOf(ctx.clock(), ctx.config.defaultTimeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Whether `date` (an ISO time) falls in the portal's current month, the month a bank check counts. */
export function inCurrentBankMonth(ctx: ServiceContext, date: string): boolean {
  const { year, month } = yearMonthOf(new Date(date), ctx.config.defaultTimeZone);
  return `${year}-${String(month).padStart(2, '0')}` === currentBankMonth(ctx);
}

function periodOf(ctx: ServiceContext, month: string): MonthPeriod {
  const parsed = parseYearMonth(month);
  if (!parsed) throw new HttpError(400, MESSAGES.invalidInput);
  return monthPeriod(parsed, ctx.config.defaultTimeZone);
}

const usedOf = (entries: readonly BankEntry[]) => entries.reduce((sum, entry) => sum + entry.time, 0);

function spentOnOf(entries: readonly BankEntry[]): HourBankBalance['spentOn'] {
  const byTicket = new Map<number | null, { ticketId: number | null; title: string; units: number }>();
  for (const entry of entries) {
    const row = byTicket.get(entry.ticket_id) ?? { ticketId: entry.ticket_id, title: entry.title ?? '', units: 0 };
    row.units += entry.time;
    byTicket.set(entry.ticket_id, row);
  }
  return [...byTicket.values()];
}

interface MonthOfBank {
  balance: HourBankBalance;
  entries: BankEntry[];
}

async function bankMonth(ctx: ServiceContext, bank: HourBankRow, companyId: number, month: string): Promise<MonthOfBank> {
  const repo = hourBankRepository(ctx.db);
  const [company, rates] = await Promise.all([ctx.repos.companies.findById(companyId), ratesOption(ctx.repos.options)]);
  const saved = company?.meta.find((entry) => entry.meta_key === 'maintenance_prefs')?.meta_value;
  const prefs = saved ? parseMaintenancePrefs(saved) : null;
  const includedUnits = includedUnitsOf({ includedUnits: bank.included_units, rolloverCapUnits: bank.rollover_cap_units }, prefs, rates.unitPriceUsd);
  const last = previousMonth(month);
  const [entries, lastEntries] = await Promise.all([
    repo.monthEntries(companyId, periodOf(ctx, month)),
    last >= bank.start_month && bank.rollover_cap_units > 0 ? repo.monthEntries(companyId, periodOf(ctx, last)) : Promise.resolve(null),
  ]);
  const rolled = rolledOverUnits(lastEntries ? { includedUnits, usedUnits: usedOf(lastEntries) } : null, bank.rollover_cap_units);
  return {
    entries,
    balance: hourBankBalanceOf({ month, includedUnits, rolledOverUnits: rolled, usedUnits: usedOf(entries), spentOn: spentOnOf(entries) }),
  };
}

/** A company's balance of `month` ('YYYY-MM', the portal's time zone); null when the company has no bank. */
export async function hourBankBalance(ctx: ServiceContext, companyId: number, month: string): Promise<HourBankBalance | null> {
  const bank = await hourBankRepository(ctx.db).findBank(companyId);
  return bank ? (await bankMonth(ctx, bank, companyId, month)).balance : null;
}

const settingsOf = (bank: HourBankRow | undefined): HourBankSettingsAnswer | null => (bank
  ? { included_hours: bank.included_units === null ? null : unitsToHours(bank.included_units), rollover_cap_hours: unitsToHours(bank.rollover_cap_units) }
  : null);

/** GET /company/:id/hour-bank: the month's balance (this month by default) and the bank's settings; 403 unless staff or a primary contact. */
export async function readHourBank(ctx: ServiceContext, viewer: Viewer, companyId: number, month: string | undefined): Promise<HourBankAnswer> {
  if (!canReadHourBank(viewer, companyId)) throw new HttpError(403, MESSAGES.notAuthorized);
  const bank = await hourBankRepository(ctx.db).findBank(companyId);
  if (!bank) return { balance: null, settings: null };
  return { balance: (await bankMonth(ctx, bank, companyId, month ?? currentBankMonth(ctx))).balance, settings: settingsOf(bank) };
}

/** PUT /company/:id/hour-bank (admins): included units (null: from the plan) and the roll-over cap; `enabled: false` removes the bank. */
export async function saveHourBank(
  ctx: ServiceContext, viewer: Viewer, actor: AuditActor, companyId: number,
  input: { enabled: boolean; included_units: number | null; rollover_cap_units: number },
): Promise<Written<HourBankAnswer>> {
  if (!canSetHourBank(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  const company = await ctx.repos.companies.findById(companyId);
  if (!company) throw new HttpError(404, MESSAGES.companyNotFound);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const repo = hourBankRepository(trx);
    const before = await repo.findBank(companyId, trx);
    const shown = (bank: HourBankRow | undefined) => ({ hour_bank: bank ? 1 : 0, included_units: bank?.included_units ?? null, rollover_cap_units: bank?.rollover_cap_units ?? 0 });
    let after: HourBankRow | undefined;
    if (input.enabled) {
      after = {
        company_id: companyId, included_units: input.included_units, rollover_cap_units: input.rollover_cap_units,
        start_month: before?.start_month ?? currentBankMonth(ctx), date_updated: now.toISOString(),
      };
      await repo.saveBank(after, trx);
    } else {
      await repo.removeBank(companyId, trx);
    }
    await writeAudit(trx, recorded(auditedChange(actor, 'company.hour_bank_changed', companyTarget(company), shown(before), shown(after))), now);
  });
  const answer = await readHourBank(ctx, viewer, companyId, undefined);
  return { result: answer, changes: [{ kind: 'company', companyId }] };
}

// --- Logging time against the bank ------------------------------------------------------------

/**
 * Refuses (409) an entry on a non-Urgent ticket of a bank company that goes beyond the bank without the client's
 * approval covering it (docs/product/hour-banks.md#approval-beyond-the-plan). Answers the balance before the entry,
 * for the thresholds, or null when the company has no bank. `ctx` is on the transaction that writes the entry
 * (onTransaction): the bank's row is locked first, so what is checked is what the entry is written against.
 */
export async function checkBankForEntry(
  ctx: ServiceContext, ticket: { ticket_id: number; company_id: number; priority_id: number }, units: number,
): Promise<HourBankBalance | null> {
  const repo = hourBankRepository(ctx.db);
  const bank = await repo.lockBank(ctx.db, ticket.company_id);
  if (!bank) return null;
  const month = currentBankMonth(ctx);
  const { balance, entries } = await bankMonth(ctx, bank, ticket.company_id, month);
  const approvals = await repo.approvals(ticket.ticket_id, month);
  const check = overageApprovalCheck({
    balance, entryUnits: units, priorityId: ticket.priority_id,
    ticketOverageUnits: overageByTicket(entries.map((e) => ({ ticketId: e.ticket_id, units: e.time })), balance.availableUnits).get(ticket.ticket_id) ?? 0,
    approvedUnits: approvals.filter((a) => a.status === 'approved').reduce((sum, a) => sum + a.units, 0),
  });
  if (check.needed) throw new HttpError(409, HOUR_BANK_MESSAGES.approvalNeeded);
  return balance;
}

/**
 * After time was logged: each threshold (80, 100) the month's balance crossed is told to the company's primary
 * contacts and the admins, bell and mail, once per company, month and threshold however many processes log at once
 * (the notice row is an insert-if-absent, written with the notifications in one transaction). Answers the changes.
 */
export async function tellBankThresholds(ctx: ServiceContext, companyId: number, before: HourBankBalance): Promise<Change[]> {
  const after = await hourBankBalance(ctx, companyId, before.month);
  if (!after) return [];
  const crossed = thresholdsCrossed(before, after);
  if (crossed.length === 0) return [];
  const [company, contacts, admins] = await Promise.all([
    ctx.repos.companies.findById(companyId), ctx.repos.companyContacts.list(companyId), ctx.repos.contacts.listAdmins(),
  ]);
  const recipients = new Map<number, string>();
  for (const contact of contacts) if (contact.primary === 1) recipients.set(contact.contact_id, contact.email);
  for (const admin of admins) recipients.set(admin.contact_id, admin.email);
  const changes: Change[] = [];
  for (const threshold of crossed) {
    const subject: BellText = { key: 'hourBank.subject', values: { company: company?.name ?? '', percent: String(threshold) } };
    // The bell and the mail in each recipient's language.
    const mail = perLanguage((language) => {
      const t = mailTranslator(language);
      const words = t(subject.key, subject.values);
      const body = t('hourBank.body', { used: formatBankHours(after.usedUnits), included: formatBankHours(after.availableUnits) });
      return { subject: words, text: `${words}\n\n${body}`, html: textToHtml(`${words}\n\n${body}`) };
    });
    const now = ctx.clock().toISOString();
    const told = await ctx.db.transaction().execute(async (trx) => {
      if (!(await hourBankRepository(trx).claimNotice(companyId, after.month, threshold, ctx.clock()))) return false;
      await addBellNotifications(ctx.repos.notifications, trx, [...recipients.keys()].map((contactId) => ({ contact_id: contactId, ticket_id: null, text: subject, date_created: now })));
      const languageOf = await contactLanguages(trx, [...recipients.keys()]);
      for (const [contactId, address] of recipients) {
        await ctx.repos.mailOutbox.add(trx, { to: address, ...mail(languageOf(contactId)) });
      }
      return true;
    });
    if (told) changes.push(...[...recipients.keys()].map((contactId): Change => ({ kind: 'notifications', contactId })));
  }
  return changes;
}

// --- Approval beyond the plan ----------------------------------------------------------------

function presentApproval(row: OverageApprovalRow | undefined, planUnits: number): OverageApproval | null {
  if (!row) return null;
  return {
    id: row.id, month: row.month, units: row.units, status: row.status, date_requested: row.date_requested, date_decided: row.date_decided,
    question: HOUR_BANK_MESSAGES.approvalQuestion({ hours: formatBankHours(row.units), planHours: formatBankHours(planUnits) }),
  };
}

async function bankTicket(ctx: ServiceContext, viewer: Viewer, ticketId: number) {
  const ticket = await ctx.repos.tickets.findById(ticketId);
  if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
  // As every ticket route answers: another company's ticket, or a bank the viewer may not read, is refused.
  if (!canViewTicket(viewer, ticket) || !canReadHourBank(viewer, ticket.company_id)) throw new HttpError(403, MESSAGES.notAuthorized);
  const bank = await hourBankRepository(ctx.db).findBank(ticket.company_id);
  return { ticket, bank };
}

async function planUnitsOf(ctx: ServiceContext, bank: HourBankRow | undefined, companyId: number): Promise<number> {
  if (!bank) return 0;
  return (await bankMonth(ctx, bank, companyId, currentBankMonth(ctx))).balance.availableUnits;
}

/** GET /ticket/:id/overage-approval: the ticket's latest request and its answer, with the question as the client reads it. */
export async function readOverageApproval(ctx: ServiceContext, viewer: Viewer, ticketId: number): Promise<{ approval: OverageApproval | null }> {
  const { ticket, bank } = await bankTicket(ctx, viewer, ticketId);
  const latest = bank ? await hourBankRepository(ctx.db).latestApproval(ticketId) : undefined;
  return { approval: presentApproval(latest, await planUnitsOf(ctx, bank, ticket.company_id)) };
}

const activityOf = (ticketId: number, companyId: number): Change[] => [
  { kind: 'activity', ticketId, companyId },
  { kind: 'ticket', ticketId, companyId, assignees: [] },
];

/** POST /ticket/:id/overage-approval (staff): asks the client to approve `units` beyond the plan this month; 409 while one waits. */
export async function askOverageApproval(
  ctx: ServiceContext, viewer: Viewer, actor: AuditActor, ticketId: number, units: number,
): Promise<Written<{ approval: OverageApproval | null }>> {
  if (!canAskOverageApproval(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  const { ticket, bank } = await bankTicket(ctx, viewer, ticketId);
  if (!bank) throw new HttpError(409, HOUR_BANK_MESSAGES.noBank);
  const now = ctx.clock();
  const asker = await ctx.repos.contacts.findById(viewer.contactId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const repo = hourBankRepository(trx);
    if (await repo.pendingApproval(ticketId, trx)) throw new HttpError(409, HOUR_BANK_MESSAGES.approvalPending);
    const created = await repo.requestApproval({
      ticket_id: ticketId, month: currentBankMonth(ctx), units, status: 'pending', requested_by: viewer.contactId,
      date_requested: now.toISOString(), decided_by: null, date_decided: null,
    }, trx);
    await ctx.repos.activity.add(trx, {
      ticket_id: ticketId, contact_id: viewer.contactId, contact_name: asker ? displayName(asker) : null,
      note: HOUR_BANK_MESSAGES.approvalAsked({ hours: formatBankHours(units) }), date_created: now.toISOString(),
    });
    await writeAudit(trx, [auditRecord(actor, 'ticket.overage_requested', ticketTarget(ticket), [{ field: 'overage_units', before: null, after: units }])], now);
    return created;
  });
  return { result: { approval: presentApproval(row, await planUnitsOf(ctx, bank, ticket.company_id)) }, changes: activityOf(ticketId, ticket.company_id) };
}

/** POST /ticket/:id/overage-approval/approve|decline (the company's primary contacts): answers the waiting request; 404 when none waits. */
export async function decideOverageApproval(
  ctx: ServiceContext, viewer: Viewer, actor: AuditActor, ticketId: number, decision: 'approved' | 'declined',
): Promise<Written<{ approval: OverageApproval | null }>> {
  const { ticket, bank } = await bankTicket(ctx, viewer, ticketId);
  if (!canDecideOverage(viewer, ticket.company_id)) throw new HttpError(403, MESSAGES.notAuthorized);
  const now = ctx.clock();
  const decider = await ctx.repos.contacts.findById(viewer.contactId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const repo = hourBankRepository(trx);
    const pending = await repo.pendingApproval(ticketId, trx);
    if (!pending || !(await repo.decide(pending.id, decision, viewer.contactId, now, trx))) throw new HttpError(404, HOUR_BANK_MESSAGES.approvalNotFound);
    const hours = formatBankHours(pending.units);
    await ctx.repos.activity.add(trx, {
      ticket_id: ticketId, contact_id: viewer.contactId, contact_name: decider ? displayName(decider) : null,
      note: decision === 'approved' ? HOUR_BANK_MESSAGES.approvalApproved({ hours }) : HOUR_BANK_MESSAGES.approvalDeclined({ hours }),
      date_created: now.toISOString(),
    });
    const action = decision === 'approved' ? 'ticket.overage_approved' : 'ticket.overage_declined';
    await writeAudit(trx, [auditRecord(actor, action, ticketTarget(ticket), [{ field: 'overage_units', before: null, after: pending.units }])], now);
    return { ...pending, status: decision, decided_by: viewer.contactId, date_decided: now.toISOString() };
  });
  return { result: { approval: presentApproval(row, await planUnitsOf(ctx, bank, ticket.company_id)) }, changes: activityOf(ticketId, ticket.company_id) };
}
