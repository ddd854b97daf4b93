import {
  DEFAULT_LANGUAGE, businessDurationText, escapeHtml, hasSlaClock, isStaff, slaOutcomesOf, slaStateOf, slaTicketOf, targetFor,
  type Change, type Language, type PriorityTarget, type SlaTarget,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { mailTranslator, perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import type { WatchedTicket } from '../repositories/sla-event-repository';
import { addBellNotifications, type BellText } from './bell';
import { textToHtml, ticketLink, type MailText } from './mail-templates';
import { lookupOption } from './option-defaults';
import type { ServiceContext } from './service-context';
import { queueTicketMail } from './ticket-mail';
import { recordWebhookEvent } from './webhook-events';

// Warnings before a breach and breaches recorded once (docs/product/response-times.md#warnings-and-breaches), run
// by the job runner every SLA_CHECK_MS. It reads only open tickets that may have a promise, status by status in
// batches of SLA_WATCH_BATCH by id, each a range of the (status_id, ticket_id) index. Queries per run: 3 (the
// settings, the companies with their own targets, the statuses); per open status one per batch (the last one short,
// perhaps empty); per non-empty batch 2 more (the warnings and breaches recorded, then the clock notes of the tickets
// not yet breached on every target). A warning or breach new to the database is one transaction (the record, the
// notifications, each recipient's mail) written by one process only: the record is an insert-if-absent, and what
// was recorded before is neither written nor told again.

export const SLA_WATCH_BATCH = 500;
/**
 * A breach is told only within this long after its target fell due: older ones (a check that did not run for a
 * while, targets saved for the first time over months of open tickets) are recorded without a flood of mail.
 */
export const SLA_TELL_BREACH_WITHIN_MS = 60 * 60_000;

export interface SlaWatchSummary {
  /** Open tickets with a promise read. */
  tickets: number;
  warned: number;
  breached: number;
}

interface Recipient {
  contact_id: number;
  email: string;
}

/** A warning or a breach to tell: which, of which target, and the business minutes left (negative: over). */
export interface SlaNotice {
  kind: 'atRisk' | 'missed';
  target: SlaTarget;
  left: number;
}

/** A notice's words, for the bell and as the mail's subject: 'Response time at risk: #12 Title — first response due in 45 min'. */
const noticeText = (ticket: { ticket_id: number; title: string }, notice: SlaNotice): BellText => ({
  key: notice.kind === 'atRisk' ? 'sla.atRisk' : 'sla.missed',
  values: { id: String(ticket.ticket_id), title: ticket.title, target: notice.target, duration: businessDurationText(notice.left) },
});

/** The mail of a notice in the recipient's language: its text the subject and first line, then the ticket's link. */
export function slaNoticeMail(
  publicUrl: string, ticket: { company_id: number; ticket_id: number; title: string }, notice: SlaNotice, language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const words = noticeText(ticket, notice);
  const text = t(words.key, words.values);
  const link = ticketLink(publicUrl, ticket);
  return {
    subject: text,
    text: `${text}\n\n${t('mail.openTicketAt', { link })}`,
    html: `${textToHtml(text)}\n<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.openTicket'))}</a></p>`,
  };
}

/**
 * Checks every open promised ticket at the API's clock: at 75 % of its next target (and the clock running) not yet
 * warned, its assignee (or, unassigned, every admin) gets a bell notification and an e-mail; a target used up and not
 * yet recorded (including a first response that came late) is recorded as breached and told the same way, once.
 */
export async function watchResponseTimes(
  ctx: ServiceContext, publish: (...changes: Change[]) => Promise<unknown>, batch = SLA_WATCH_BATCH,
): Promise<SlaWatchSummary> {
  const { repos } = ctx;
  const [settings, companies, statuses] = await Promise.all([
    repos.sla.settings(), repos.slaEvents.companiesWithTargets(), lookupOption(repos.options, 'status-defaults'),
  ]);
  const summary: SlaWatchSummary = { tickets: 0, warned: 0, breached: 0 };
  const promising = (targets: readonly PriorityTarget[]) => targets.filter((t) => t.first_response_minutes !== null || t.resolution_minutes !== null);
  const filter = { priorityIds: promising(settings.targets).map((t) => t.priority_id), companyIds: [...companies.keys()] };
  const openStatuses = statuses.map((s) => s.id).filter(hasSlaClock);
  const targetsOf = (ticket: WatchedTicket) => companies.get(ticket.company_id) ?? settings.targets;
  let admins: Recipient[] | undefined;
  const recipientsOf = async (ticket: WatchedTicket): Promise<Recipient[]> => {
    if (ticket.assignee_id !== null) {
      const assignee = await repos.contacts.findById(ticket.assignee_id);
      if (assignee && assignee.active === 1 && isStaff(assignee.group_id)) return [{ contact_id: assignee.contact_id, email: assignee.email }];
    }
    admins ??= await repos.contacts.listAdmins();
    return admins;
  };
  const tell = async (ticket: WatchedTicket, target: SlaTarget, notice: SlaNotice | null, record: (trx: PortalDb, at: string) => Promise<boolean>) => {
    const text = notice === null ? null : noticeText(ticket, notice);
    const recipients = text === null ? [] : await recipientsOf(ticket);
    const now = ctx.clock().toISOString();
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      if (!(await record(trx, now))) return false;
      if (text === null || notice === null) return true;
      const mail = perLanguage((language) => slaNoticeMail(ctx.config.publicUrl, ticket, notice, language));
      await addBellNotifications(repos.notifications, trx, recipients.map((r) => ({ contact_id: r.contact_id, ticket_id: ticket.ticket_id, text, date_created: now })));
      const languageOf = await contactLanguages(trx, recipients.map((r) => r.contact_id));
      for (const r of recipients) {
        await queueTicketMail(ctx, trx, ticket, { address: r.email, contactId: r.contact_id }, mail(languageOf(r.contact_id)), { internal: true });
      }
      return true;
    });
    if (recorded) await publish(...recipients.map((r): Change => ({ kind: 'notifications', contactId: r.contact_id })));
    ctx.log.info({ ticket_id: ticket.ticket_id, target, recorded, told: recipients.length }, 'response time notice');
    return recorded;
  };

  for (let status = 0, afterId = 0; status < openStatuses.length;) {
    const rows = await repos.slaEvents.openPromised({ ...filter, statusId: openStatuses[status]!, afterId, limit: batch });
    if (rows.length < batch) {
      status += 1;
      afterId = 0;
    } else {
      afterId = rows.at(-1)!.ticket_id;
    }
    if (rows.length === 0) continue;
    const promised = rows.filter((t) => targetFor(targetsOf(t), t.priority_id) !== null);
    summary.tickets += promised.length;
    const events = await repos.slaEvents.forTickets(promised.map((t) => t.ticket_id));
    // A ticket whose every target is recorded as breached has nothing more to tell: its feed is not read.
    const unsettled = promised.filter((t) => {
      const target = targetFor(targetsOf(t), t.priority_id)!;
      const kinds = [...(target.first_response_minutes !== null ? ['first_response'] : []), ...(target.resolution_minutes !== null ? ['resolution'] : [])];
      return kinds.some((kind) => !(events.get(t.ticket_id) ?? []).some((e) => e.target === kind && e.breached_at !== null));
    });
    const notes = await repos.sla.clockNotes(unsettled.map((t) => t.ticket_id));
    const now = ctx.clock();
    for (const ticket of unsettled) {
      const clocked = slaTicketOf(ticket, notes.get(ticket.ticket_id) ?? [], statuses);
      const recorded = events.get(ticket.ticket_id) ?? [];
      const known = (target: SlaTarget) => recorded.find((e) => e.target === target);
      for (const outcome of slaOutcomesOf({ ...clocked, completed: false }, targetsOf(ticket), settings, now)) {
        if (outcome.state !== 'missed' || known(outcome.target)?.breached_at) continue;
        const left = Math.ceil(outcome.target_minutes - outcome.used_minutes - 1e-9);
        const recent = now.getTime() - Date.parse(outcome.due_at) <= SLA_TELL_BREACH_WITHIN_MS;
        const notice: SlaNotice | null = recent ? { kind: 'missed', target: outcome.target, left } : null;
        if (await tell(ticket, outcome.target, notice, async (trx, at) => {
          const breached = await repos.slaEvents.recordBreach(trx, ticket.ticket_id, outcome.target, at);
          if (breached) await recordWebhookEvent(trx, { type: 'sla.breached', at: new Date(at), ticket, data: { sla: { target: outcome.target, due_at: outcome.due_at } } });
          return breached;
        })) summary.breached++;
      }
      const state = slaStateOf(clocked, targetsOf(ticket), settings, now);
      if (!state || state.state !== 'at-risk' || state.paused || known(state.target)) continue;
      const notice: SlaNotice = { kind: 'atRisk', target: state.target, left: state.left_minutes };
      if (await tell(ticket, state.target, notice, (trx, at) => repos.slaEvents.recordWarning(trx, ticket.ticket_id, state.target, at))) summary.warned++;
    }
  }
  return summary;
}
