import type { TimeEntryCreated, TimeEntryDeleted } from '@portal/contract';
import {
  MESSAGES, correctionWithinEntry, editedEntryDate, freezingInvoice, isAssignableStaff, localDay, monthsBackOf, timeCorrectionCheck,
  timeEntryChangeCheck, validateTimeEntryEdit, type Change, type HourBankBalance, type TimeEntryCheck, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { displayName } from '../repositories/contact-repository';
import type { PortalDb } from '../db/connect';
import type { StoredTimeEntry, TimeEntryPatch } from '../repositories/time-repository';
import { auditedChange, auditedSnapshot, recorded, type AuditActor, type AuditTarget } from './audit';
import { checkBankForEntry, inCurrentBankMonth, tellBankThresholds } from './hour-bank';
import { onTransaction, type ServiceContext, type Written } from './service-context';
import { recordWebhookEvent } from './webhook-events';

/**
 * Time logged on a ticket (docs/product/time-and-billing.md#logging-time) by a staff contact the
 * caller may log for: 404 for a missing ticket, 400 when the worker is not active staff. The entry
 * keeps the company's and the worker's names and pay rate as they are now, so deleting either never
 * changes billed history. Answers the entry and the ticket's new total.
 */
export async function logTime(
  ctx: ServiceContext,
  entry: { ticket_id: number; contact_id: number; time: number; description: string },
): Promise<Written<TimeEntryCreated>> {
  const { repos } = ctx;
  const ticket = await repos.tickets.findById(entry.ticket_id);
  if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
  const worker = await repos.contacts.findById(entry.contact_id);
  if (!worker || !isAssignableStaff(worker)) throw new HttpError(400, MESSAGES.invalidTimeEntry);
  const payRate = await repos.contacts.payRate(worker.contact_id);
  // Past the company's plan hours a non-Urgent ticket needs the client's approval first (docs/product/hour-banks.md):
  // checked and written in one transaction with the bank locked, so two entries at once cannot both pass it.
  const { bank, created } = await ctx.db.transaction().execute(async (trx) => {
    const onTrx = onTransaction(ctx, trx);
    const before = await checkBankForEntry(onTrx, ticket, entry.time);
    const row = await onTrx.repos.time.create({
      ticket_id: ticket.ticket_id,
      contact_id: worker.contact_id,
      time: entry.time,
      description: entry.description,
      company_id: ticket.company_id,
      company_name: ticket.company_name,
      contact_name: displayName(worker),
      pay_rate: payRate,
    });
    await recordWebhookEvent(trx, { type: 'time.logged', at: ctx.clock(), ticket, data: { time_entry: { id: row.time_id, contact_id: worker.contact_id, contact_name: displayName(worker), units: entry.time, description: entry.description, date: row.date } } });
    return { bank: before, created: row };
  });
  const told = bank ? await tellBankThresholds(ctx, ticket.company_id, bank) : [];
  return {
    result: { entry: created, total_time: await repos.time.totalForTicket(ticket.ticket_id) },
    changes: [{ kind: 'time', ticketId: ticket.ticket_id, companyId: ticket.company_id, contactId: worker.contact_id }, ...told],
  };
}

// --- Correcting logged time (docs/product/time-and-billing.md#correcting-time) ----------------

function refuse(check: TimeEntryCheck): void {
  if (!check.ok) throw new HttpError(check.status, check.message);
}

/** The entry with the issued invoice whose month holds it, read on the transaction: what is checked is what is written. */
async function frozenEntry(ctx: ServiceContext, trx: PortalDb, timeId: number): Promise<StoredTimeEntry & { invoice: string | null }> {
  const entry = await ctx.repos.time.findById(timeId, trx);
  if (!entry) throw new HttpError(404, MESSAGES.timeEntryNotFound);
  const invoices = await ctx.repos.time.invoicedPeriods([entry.company_id], trx);
  return { ...entry, invoice: freezingInvoice(entry, invoices)?.number ?? null };
}

/** The trail names an entry by its ticket: '#12 Fix the contact form'. */
async function timeTarget(ctx: ServiceContext, trx: PortalDb, entry: StoredTimeEntry): Promise<AuditTarget> {
  // On the transaction: on SQLite it holds the one connection.
  const [ticket] = entry.ticket_id === null ? [] : await ctx.repos.tickets.findRows(trx, [entry.ticket_id]);
  const subject = entry.ticket_id === null ? `Time entry ${entry.time_id}` : `#${entry.ticket_id}${ticket ? ` ${ticket.title}` : ''}`;
  return { entityId: entry.time_id, companyId: entry.company_id, subject };
}

function timeChange(ctx: ServiceContext, entry: StoredTimeEntry, dates: readonly string[]): Change {
  return {
    kind: 'time', ticketId: entry.ticket_id ?? 0, companyId: entry.company_id ?? 0, contactId: entry.contact_id ?? 0,
    monthsBack: monthsBackOf(dates, ctx.clock()),
  };
}

const auditFields = (entry: Pick<StoredTimeEntry, 'time' | 'description' | 'date'>) => ({ time: entry.time, description: entry.description, date: entry.date });

/**
 * PUT /time/:id: units, description or day of an entry, by its worker or an admin (403), never in a
 * month an issued invoice froze, nor moved into one (409), with the trail's before and after, in
 * one transaction. A correction keeps within what its entry counts (400).
 */
export async function editTime(
  ctx: ServiceContext, viewer: Viewer, actor: AuditActor, timeId: number,
  input: { time?: unknown; description?: unknown; date?: unknown }, timeZone: string,
): Promise<Written<TimeEntryCreated>> {
  const now = ctx.clock();
  const { before, after, bank } = await ctx.db.transaction().execute(async (trx) => {
    const entry = await frozenEntry(ctx, trx, timeId);
    refuse(timeEntryChangeCheck(viewer, entry));
    const correction = entry.corrects_time_id !== null;
    const checked = validateTimeEntryEdit(input, { correction, today: localDay(now, timeZone) });
    if (!checked.ok) throw new HttpError(400, checked.message);
    const patch: TimeEntryPatch = {};
    if (checked.value.time !== undefined) patch.time = checked.value.time;
    if (checked.value.description !== undefined) patch.description = checked.value.description;
    if (checked.value.day !== undefined) {
      const date = editedEntryDate(entry.date, checked.value.day, timeZone, now);
      if (date !== entry.date) {
        // Moved into a frozen month: as refused as a change inside one.
        const invoices = await ctx.repos.time.invoicedPeriods([entry.company_id], trx);
        if (freezingInvoice({ company_id: entry.company_id, date }, invoices)) throw new HttpError(409, MESSAGES.timeEntryFrozen);
        patch.date = date;
      }
    }
    if (correction && patch.time !== undefined && entry.corrects_time_id !== null) {
      const corrected = await ctx.repos.time.findById(entry.corrects_time_id, trx);
      const others = (await ctx.repos.time.correctionUnits(entry.corrects_time_id, trx)).filter((c) => c.time_id !== entry.time_id).map((c) => c.time);
      if (corrected && !correctionWithinEntry(corrected.time, others, patch.time)) throw new HttpError(400, MESSAGES.timeCorrectionTooLarge);
    }
    const next = { ...entry, ...patch };
    // An entry raised within this month is more time against the bank: checked as logging that much more would be.
    const counted = (e: StoredTimeEntry) => (inCurrentBankMonth(ctx, e.date) ? e.time : 0);
    const raised = correction || entry.ticket_id === null ? 0 : counted(next) - counted(entry);
    let bank: HourBankBalance | null = null;
    if (raised > 0 && entry.ticket_id !== null) {
      const onTrx = onTransaction(ctx, trx);
      const ticket = await onTrx.repos.tickets.findById(entry.ticket_id);
      if (ticket) bank = await checkBankForEntry(onTrx, ticket, raised);
    }
    await ctx.repos.time.update(trx, timeId, patch);
    await writeAudit(trx, recorded(auditedChange(actor, 'time.updated', await timeTarget(ctx, trx, entry), auditFields(entry), auditFields(next))), now);
    return { before: entry, after: next, bank };
  });
  const told = bank && after.company_id !== null ? await tellBankThresholds(ctx, after.company_id, bank) : [];
  const total = after.ticket_id === null ? after.time : await ctx.repos.time.totalForTicket(after.ticket_id);
  const { company_id: _company, company_name: _name, pay_rate: _rate, ...entry } = after;
  return {
    result: { entry, total_time: total },
    changes: [timeChange(ctx, after, [before.date, after.date]), ...told],
  };
}

/** DELETE /time/:id: by its worker or an admin (403), never in a frozen month (409); the trail keeps what it was. */
export async function deleteTime(ctx: ServiceContext, viewer: Viewer, actor: AuditActor, timeId: number): Promise<Written<TimeEntryDeleted>> {
  const now = ctx.clock();
  const entry = await ctx.db.transaction().execute(async (trx) => {
    const found = await frozenEntry(ctx, trx, timeId);
    refuse(timeEntryChangeCheck(viewer, found));
    if (!(await ctx.repos.time.delete(trx, timeId))) throw new HttpError(404, MESSAGES.timeEntryNotFound);
    const { invoice: _invoice, pay_rate: _rate, company_name: _name, ...kept } = found;
    await writeAudit(trx, [auditedSnapshot(actor, 'time.deleted', await timeTarget(ctx, trx, found), kept, 'deleted')], now);
    return found;
  });
  const total = entry.ticket_id === null ? 0 : await ctx.repos.time.totalForTicket(entry.ticket_id);
  return { result: { time_id: timeId, ticket_id: entry.ticket_id, total_time: total }, changes: [timeChange(ctx, entry, [entry.date])] };
}

/**
 * POST /time/:id/corrections: time in a frozen month is corrected by an entry logged now, for the
 * same ticket, worker, company and pay rate, naming the entry it corrects; its units may be
 * negative but never take off more than the entry still counts. Shows on this month's invoice as a
 * line of its own. 400 when the entry is not frozen (edit it instead).
 */
export async function correctTime(
  ctx: ServiceContext, viewer: Viewer, actor: AuditActor, timeId: number, input: { time?: unknown; description?: unknown }, timeZone: string,
): Promise<Written<TimeEntryCreated>> {
  const now = ctx.clock();
  const checked = validateTimeEntryEdit({ time: input.time ?? 0, description: input.description ?? '' }, { correction: true, today: localDay(now, timeZone) });
  if (!checked.ok) throw new HttpError(400, checked.message);
  const units = checked.value.time!;
  const description = checked.value.description!;
  const created = await ctx.db.transaction().execute(async (trx) => {
    const entry = await frozenEntry(ctx, trx, timeId);
    refuse(timeCorrectionCheck(viewer, entry));
    const others = (await ctx.repos.time.correctionUnits(timeId, trx)).map((c) => c.time);
    if (!correctionWithinEntry(entry.time, others, units)) throw new HttpError(400, MESSAGES.timeCorrectionTooLarge);
    const row = await ctx.repos.time.create({
      ticket_id: entry.ticket_id,
      contact_id: entry.contact_id,
      time: units,
      description,
      company_id: entry.company_id,
      company_name: entry.company_name,
      contact_name: entry.contact_name,
      pay_rate: entry.pay_rate,
      corrects_time_id: entry.time_id,
    }, trx, now);
    const target = await timeTarget(ctx, trx, { ...entry, time_id: row.time_id });
    await writeAudit(trx, [auditedSnapshot(actor, 'time.corrected', target, {
      corrects_time_id: entry.time_id, ticket_id: row.ticket_id, contact_id: row.contact_id, time: row.time, description: row.description, date: row.date,
    }, 'created')], now);
    return { row, entry };
  });
  const total = created.row.ticket_id === null ? created.row.time : await ctx.repos.time.totalForTicket(created.row.ticket_id);
  return { result: { entry: created.row, total_time: total }, changes: [timeChange(ctx, created.entry, [created.row.date])] };
}
