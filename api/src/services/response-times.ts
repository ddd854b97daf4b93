import type { CompanySlaTargets, SlaSettings, TicketSla } from '@portal/contract';
import {
  businessHoursProblem, canSeeSla, firstSlaChangeAt, hasSlaClock, slaStateOf, slaTicketOf, targetFor, targetsProblem, type Change, type PriorityTarget, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { lookupOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';

// Response-time promises (docs/product/response-times.md). The routes have checked the caller is an admin; these
// functions check the rules beyond the shape (business hours, known priorities) and save. A ticket's clock is
// computed at read time with the API's clock from what is stored: the settings, the company's own targets and the
// ticket's feed, a fixed number of queries for any number of tickets.

/** Saving changes the clock of every open ticket: every answer kept in memory goes (an option change drops all). */
const SLA_CHANGE: Change = { kind: 'option', name: 'sla' };

async function checkedTargets(ctx: ServiceContext, targets: readonly PriorityTarget[]): Promise<void> {
  const priorities = await lookupOption(ctx.repos.options, 'priority-defaults');
  const problem = targetsProblem(targets, priorities.map((p) => p.id));
  if (problem) throw new HttpError(400, problem);
}

export async function saveSlaSettings(ctx: ServiceContext, input: Omit<SlaSettings, 'date_updated'>): Promise<Written<SlaSettings>> {
  const problem = businessHoursProblem(input);
  if (problem) throw new HttpError(400, problem);
  await checkedTargets(ctx, input.targets);
  const holidays = [...new Set(input.holidays)].sort();
  const days = [...input.days].sort((a, b) => a.day - b.day);
  await ctx.db.transaction().execute((trx) => ctx.repos.sla.saveSettings(trx, { ...input, days, holidays }));
  return { result: await ctx.repos.sla.settings(), changes: [SLA_CHANGE] };
}

export async function saveCompanySlaTargets(
  ctx: ServiceContext, companyId: number, targets: PriorityTarget[] | null,
): Promise<Written<CompanySlaTargets>> {
  if (targets !== null) await checkedTargets(ctx, targets);
  await ctx.db.transaction().execute((trx) => ctx.repos.sla.saveCompanyTargets(trx, companyId, targets));
  return { result: { company_id: companyId, targets: await ctx.repos.sla.companyTargets(companyId) }, changes: [SLA_CHANGE] };
}

/** A ticket answer as the clock needs it, and the field it fills. */
export interface ClockedTicket {
  ticket_id: number;
  company_id: number;
  priority_id: number;
  status_id: number;
  date_created: string;
  sla?: TicketSla | null;
}

/**
 * `tickets` with their `sla` for a staff viewer (docs/product/response-times.md#the-clock), as of the API's clock;
 * unchanged for anyone else (clients never receive it). Closed tickets read no feed.
 */
export async function withSla<T extends ClockedTicket>(ctx: ServiceContext, viewer: Viewer, tickets: T[]): Promise<T[]> {
  if (!canSeeSla(viewer) || tickets.length === 0) return tickets;
  const open = tickets.filter((t) => hasSlaClock(t.status_id));
  const [settings, companies] = await Promise.all([ctx.repos.sla.settings(), ctx.repos.sla.companiesTargets(open.map((t) => t.company_id))]);
  const targetsOf = (ticket: T) => companies.get(ticket.company_id) ?? settings.targets;
  // Only a ticket with a promise reads its feed: with no targets set, nothing more is asked.
  const promised = new Set(open.filter((t) => targetFor(targetsOf(t), t.priority_id) !== null));
  if (promised.size === 0) return tickets.map((t) => ({ ...t, sla: null }));
  const [notes, statuses] = await Promise.all([
    ctx.repos.sla.clockNotes([...promised].map((t) => t.ticket_id)),
    lookupOption(ctx.repos.options, 'status-defaults'),
  ]);
  const now = ctx.clock();
  return tickets.map((ticket) => {
    if (!promised.has(ticket)) return { ...ticket, sla: null };
    const clocked = slaTicketOf(ticket, notes.get(ticket.ticket_id) ?? [], statuses);
    return { ...ticket, sla: slaStateOf(clocked, targetsOf(ticket), settings, now) };
  });
}

/**
 * Milliseconds (by the API's clock) until a clock of `tickets` next turns amber or red by time alone, or null: how long
 * an answer carrying them may be kept in memory at most (app.pollCache.expireIn, plugins/poll-cache.ts).
 */
export function slaAnswerLifeMs(ctx: Pick<ServiceContext, 'clock'>, tickets: readonly { sla?: TicketSla | null }[]): number | null {
  const next = firstSlaChangeAt(tickets.map((t) => t.sla));
  return next === null ? null : next.getTime() - ctx.clock().getTime();
}
