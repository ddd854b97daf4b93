import type { DigestKind } from '@portal/domain';
import type { Insertable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { NotificationDigestsTable } from '../db/schema';

export type NotificationDigestRepository = ReturnType<typeof createNotificationDigestRepository>;

export interface DigestRecipient {
  contact_id: number;
  email: string;
  first_name: string;
  /** The note_prefs JSON as stored. */
  note_prefs: string | null;
  time_zone: string | null;
}

export interface DigestItem {
  notification_id: number;
  note: string;
  date_created: string;
  ticket_id: number | null;
  /** The ticket's company, for its link; null without a ticket. */
  company_id: number | null;
  /** When its owner opened it in the app (or marked all read); null while unread. */
  date_read: string | null;
}

/** A period's row: inserting it claims the period (schema: NotificationDigestsTable). */
export type DigestClaim = Insertable<NotificationDigestsTable>;

/** At most this many notifications in one digest; the rest wait for the next one. */
export const DIGEST_ITEMS_MAX = 200;

/**
 * The digest bookkeeping: per contact and kind, the row of the last period handled (unique per
 * contact, kind and period start: inserting it is the claim) and the last notification it covered.
 * A method taking `trx` reads or writes on the transaction of the digest it is part of.
 */
export function createNotificationDigestRepository(db: PortalDb) {
  const recipientQuery = () =>
    db
      .selectFrom('contacts as c')
      .innerJoin('contact_meta as p', (join) => join.onRef('p.contact_id', '=', 'c.contact_id').on('p.meta_key', '=', 'note_prefs'))
      .leftJoin('contact_meta as z', (join) => join.onRef('z.contact_id', '=', 'c.contact_id').on('z.meta_key', '=', 'time_zone'))
      .select(['c.contact_id', 'c.email', 'c.first_name', 'p.meta_value as note_prefs', 'z.meta_value as time_zone'])
      .where('c.active', '=', 1);

  return {
    /** Active contacts that saved note_prefs, with their time_zone meta. */
    async recipients(): Promise<DigestRecipient[]> {
      return recipientQuery().where('p.meta_value', 'like', '%true%').orderBy('c.contact_id').execute();
    },

    async recipient(contactId: number): Promise<DigestRecipient | undefined> {
      return recipientQuery().where('c.contact_id', '=', contactId).executeTakeFirst();
    },

    async latest(trx: PortalDb, contactId: number, kind: DigestKind) {
      return trx
        .selectFrom('notification_digests')
        .select(['period_start', 'last_notification_id'])
        .where('contact_id', '=', contactId)
        .where('kind', '=', kind)
        .orderBy('period_start', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Inserts the period's row; false when another runner has it already. */
    async claim(trx: PortalDb, row: DigestClaim): Promise<boolean> {
      const inserted = await trx
        .insertInto('notification_digests')
        .values(row)
        .onConflict((oc) => oc.columns(['contact_id', 'kind', 'period_start']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Only the newest row per contact and kind is needed once a newer period is claimed. */
    async pruneBefore(trx: PortalDb, contactId: number, kind: DigestKind, periodStart: string): Promise<void> {
      await trx
        .deleteFrom('notification_digests')
        .where('contact_id', '=', contactId)
        .where('kind', '=', kind)
        .where('period_start', '<', periodStart)
        .execute();
    },

    /** Forgets a kind's history: its next digest starts from a fresh baseline. */
    async reset(trx: PortalDb, contactId: number, kinds: readonly DigestKind[]): Promise<void> {
      if (kinds.length === 0) return;
      await trx.deleteFrom('notification_digests').where('contact_id', '=', contactId).where('kind', 'in', kinds).execute();
    },

    async notificationsAfter(trx: PortalDb, contactId: number, afterId: number): Promise<DigestItem[]> {
      return trx
        .selectFrom('notifications as n')
        .leftJoin('tickets as t', 't.ticket_id', 'n.ticket_id')
        .select(['n.notification_id', 'n.note', 'n.date_created', 'n.ticket_id', 't.company_id', 'n.date_read'])
        .where('n.contact_id', '=', contactId)
        .where('n.notification_id', '>', afterId)
        .orderBy('n.notification_id')
        .limit(DIGEST_ITEMS_MAX)
        .execute();
    },

    async lastNotificationId(trx: PortalDb, contactId: number): Promise<number> {
      const row = await trx
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('notification_id').as('last'))
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },
  };
}
