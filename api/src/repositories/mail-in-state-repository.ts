import type { Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { MailInStateTable } from '../db/schema';

export type MailInStateRepository = ReturnType<typeof createMailInStateRepository>;
export type MailInStateRow = Selectable<MailInStateTable>;

const ROW_ID = 1;
/** The admin screen shows the error; a server's answer can be long. */
const ERROR_MAX_CHARS = 500;

/** An error as stored: the password of any URL in it cut out (imap://user:secret@host → imap://user@host), bounded. */
export function storableError(message: string): string {
  return message.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/@:]*):[^\s/@]*@/gi, '$1$2@').slice(0, ERROR_MAX_CHARS);
}

/**
 * The fetcher's one row (mail_in_state, id 1): its lease, its place in the mailbox, its last fetch and error
 * (docs/product/notifications-and-mail.md#reading-the-mailbox). One process at a time holds the mailbox, under a
 * lease like the outbox's (docs/decisions/0004-leased-outbox.md): taken only when free, expired or already its own,
 * renewed while held; progress is only written by the holder.
 */
export function createMailInStateRepository(db: PortalDb) {
  const held = (owner: string) => db.updateTable('mail_in_state').where('id', '=', ROW_ID).where('lease_owner', '=', owner);
  const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

  return {
    async get(): Promise<MailInStateRow | undefined> {
      return db.selectFrom('mail_in_state').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
    },

    /**
     * Takes (or extends) the lease for `owner` when it is free, expired or already its own: one UPDATE whose condition
     * is the lease test, so two processes never both get it (SQLite and PostgreSQL alike). A different `mailbox` than
     * the one the progress was made in (MAIL_IN_URL changed) starts over from its first message.
     */
    async claimLease(owner: string, now: Date, leaseMs: number, mailbox: string): Promise<boolean> {
      const nowIso = now.toISOString();
      await db.insertInto('mail_in_state').values({ id: ROW_ID, last_uid: 0 }).onConflict((oc) => oc.column('id').doNothing()).execute();
      const result = await db
        .updateTable('mail_in_state')
        .set((eb) => ({
          lease_owner: owner,
          lease_until: new Date(now.getTime() + leaseMs).toISOString(),
          mailbox,
          uid_validity: eb.case().when('mailbox', '=', mailbox).then(eb.ref('uid_validity')).else(null).end(),
          last_uid: eb.case().when('mailbox', '=', mailbox).then(eb.ref('last_uid')).else(0).end(),
        }))
        .where('id', '=', ROW_ID)
        .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_until', 'is', null), eb('lease_until', '<', nowIso), eb('lease_owner', '=', owner)]))
        .executeTakeFirst();
      return updated(result);
    },

    /** False when the lease was lost (it expired and another process took it). */
    async renewLease(owner: string, now: Date, leaseMs: number): Promise<boolean> {
      return updated(await held(owner).set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() }).executeTakeFirst());
    },

    async releaseLease(owner: string): Promise<void> {
      await held(owner).set({ lease_owner: null, lease_until: null }).execute();
    },

    /** Every message up to `lastUid` of the mailbox with this UIDVALIDITY is done. False when the lease was lost. */
    async saveProgress(owner: string, uidValidity: string, lastUid: number): Promise<boolean> {
      return updated(await held(owner).set({ uid_validity: uidValidity, last_uid: lastUid }).executeTakeFirst());
    },

    async markConnected(now: Date): Promise<void> {
      await db.updateTable('mail_in_state').set({ connected_at: now.toISOString() }).where('id', '=', ROW_ID).execute();
    },

    async markFetched(now: Date): Promise<void> {
      await db.updateTable('mail_in_state').set({ last_fetch_at: now.toISOString() }).where('id', '=', ROW_ID).execute();
    },

    async markError(message: string, now: Date): Promise<void> {
      await db
        .updateTable('mail_in_state')
        .set({ last_error: storableError(message), last_error_at: now.toISOString() })
        .where('id', '=', ROW_ID)
        .execute();
    },

    async clearError(): Promise<void> {
      await db.updateTable('mail_in_state').set({ last_error: null, last_error_at: null }).where('id', '=', ROW_ID).execute();
    },
  };
}
