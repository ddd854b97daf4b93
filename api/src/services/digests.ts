import {
  DIGEST_KINDS, digestKindsOf, digestPeriodStart, formatDateTime, isValidTimeZone, parseNotePrefs, type DigestKind, type NotePrefs,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalConfig } from '../config';
import type { PortalDb } from '../db/connect';
import { mailLanguage } from '../messages';
import type { DigestRecipient } from '../repositories/notification-digest-repository';
import type { Repositories } from '../repositories/repositories';
import { notificationDigestMail, ticketLink } from './mail-templates';
import { automaticMailHeaders, queueTicketMail } from './ticket-mail';
import { unsubscribeHeaders, unsubscribeLink } from './unsubscribe';

// Notification digests (docs/product/notifications-and-mail.md#digests, #notification-preferences).
// For each kind a contact switched on, one mail per period (hourly, daily at 07:00, weekly on Monday
// 07:00, on the contact's clock) listing the notifications created since the last digest of that
// kind that are still unread (read in the app, or marked all read, they are not mailed again); none
// when nothing is new and unread. The row of a period (notification_digests, unique per contact, kind
// and period start) is inserted in the transaction that queues the mail: two runners never both send
// a period, and a notification is never listed twice by one kind. A kind without a row starts from
// a baseline (the contact's newest notification at that moment): switching digests on does not mail
// the past. A digest whose lines are all about one ticket is mail about that ticket, answerable like the
// others (docs/product/notifications-and-mail.md#answerable-mail). Every digest can be stopped: its footer and
// its List-Unsubscribe header carry the link that turns its kind off (docs/product/notifications-and-mail.md#unsubscribe).

export interface DigestDeps {
  db: PortalDb;
  repos: Repositories;
  config: Pick<PortalConfig, 'publicUrl' | 'defaultTimeZone' | 'mailReplyTo'>;
  log: FastifyBaseLogger;
}

export type DigestOutcome = 'sent' | 'empty' | 'started' | 'skipped';

export interface DigestRunSummary {
  sent: number;
  empty: number;
  started: number;
}

function zoneOf(recipient: { time_zone: string | null }, fallback: string): string {
  return recipient.time_zone && isValidTimeZone(recipient.time_zone) ? recipient.time_zone : fallback;
}

/**
 * After note_prefs change: a kind switched off forgets its history, a kind switched on starts from
 * now (only notifications from here on are mailed).
 */
export async function notePrefsChanged(deps: DigestDeps, contactId: number, before: NotePrefs, after: NotePrefs, now: Date): Promise<void> {
  const wasOn = new Set(digestKindsOf(before));
  const isOn = new Set(digestKindsOf(after));
  const changed = DIGEST_KINDS.filter((kind) => wasOn.has(kind) !== isOn.has(kind));
  await deps.repos.notificationDigests.reset(deps.db, contactId, changed);
  const switchedOn = changed.filter((kind) => isOn.has(kind));
  if (switchedOn.length === 0) return;
  const recipient = await deps.repos.notificationDigests.recipient(contactId);
  if (!recipient) return;
  for (const kind of switchedOn) await digestFor(deps, recipient, kind, now);
}

/** The ticket every item is about, when they are all about one that still exists; else null. */
function oneTicketOf(items: readonly { ticket_id: number | null; company_id: number | null }[]): number | null {
  const first = items[0];
  if (!first || first.ticket_id === null || first.company_id === null) return null;
  return items.every((item) => item.ticket_id === first.ticket_id) ? first.ticket_id : null;
}

/** The digest of the period `now` is in, for one contact and kind (see the notes at the top). */
export async function digestFor(deps: DigestDeps, recipient: DigestRecipient, kind: DigestKind, now: Date): Promise<DigestOutcome> {
  const { db, repos, config } = deps;
  const zone = zoneOf(recipient, config.defaultTimeZone);
  // Before the transaction, like the link below.
  const language = await mailLanguage(db, recipient.contact_id);
  const periodStart = digestPeriodStart(kind, now, zone).toISOString();
  const contactId = recipient.contact_id;
  // Before the transaction: on SQLite a read outside it would wait for its connection.
  const stopLink = await unsubscribeLink(deps, recipient, kind);
  return db.transaction().execute(async (trx) => {
    const latest = await repos.notificationDigests.latest(trx, contactId, kind);
    if (latest && latest.period_start >= periodStart) return 'skipped';
    const written = latest ? await repos.notificationDigests.notificationsAfter(trx, contactId, latest.last_notification_id) : [];
    // What the contact already read in the app is not mailed again; it is passed over all the same.
    const items = written.filter((item) => item.date_read === null);
    const lastId = latest ? (written.at(-1)?.notification_id ?? latest.last_notification_id) : await repos.notificationDigests.lastNotificationId(trx, contactId);
    const claimed = await repos.notificationDigests.claim(trx, {
      contact_id: contactId, kind, period_start: periodStart, last_notification_id: lastId, notification_count: items.length, date_created: now.toISOString(),
    });
    if (!claimed) return 'skipped';
    await repos.notificationDigests.pruneBefore(trx, contactId, kind, periodStart);
    if (!latest) return 'started';
    if (items.length === 0) return 'empty';
    const entries = items.map((item) => ({
      date: formatDateTime(item.date_created, { locale: language, timeZone: zone }),
      note: item.note,
      link: item.ticket_id !== null && item.company_id !== null ? ticketLink(config.publicUrl, { ticket_id: item.ticket_id, company_id: item.company_id }) : null,
    }));
    const mail = notificationDigestMail(kind, recipient.first_name, entries, stopLink, language);
    const ticketId = oneTicketOf(items);
    const stop = unsubscribeHeaders(stopLink);
    if (ticketId === null) await repos.mailOutbox.add(trx, { to: recipient.email, ...mail, headers: { ...automaticMailHeaders(config), ...stop } });
    else await queueTicketMail({ repos, config, clock: () => now }, trx, { ticket_id: ticketId }, { address: recipient.email, contactId }, mail, { headers: stop });
    return 'sent';
  });
}

/** Every digest due at `now`: what the job runner calls on its schedule. */
export async function runDigests(deps: DigestDeps, now: Date): Promise<DigestRunSummary> {
  const summary: DigestRunSummary = { sent: 0, empty: 0, started: 0 };
  for (const recipient of await deps.repos.notificationDigests.recipients()) {
    for (const kind of digestKindsOf(parseNotePrefs(recipient.note_prefs))) {
      try {
        const outcome = await digestFor(deps, recipient, kind, now);
        if (outcome !== 'skipped') summary[outcome] += 1;
      } catch (error) {
        deps.log.error({ err: error, contact_id: recipient.contact_id, kind }, 'notification digest failed');
      }
    }
  }
  return summary;
}
