import type { PortalDb } from '../db/connect';
import type { EmailChangesTable } from '../db/schema';
import type { Selectable } from 'kysely';

export type EmailChangeRow = Selectable<EmailChangesTable>;
export type EmailChangePurpose = EmailChangesTable['purpose'];
export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;

/**
 * An e-mail change's single-use links (docs/product/accounts-and-roles.md#sensitive-changes), found by
 * the sha256 of their code: 'undo' to the old address, 'confirm' to the new one.
 */
export function createEmailChangeRepository(db: PortalDb) {
  return {
    /** On the change's transaction: a newer change's links replace the contact's older ones of the same purpose. */
    async replace(trx: PortalDb, row: Omit<EmailChangeRow, 'id'>): Promise<void> {
      if (row.purpose === 'confirm') await trx.deleteFrom('email_changes').where('contact_id', '=', row.contact_id).where('purpose', '=', 'confirm').execute();
      await trx.insertInto('email_changes').values(row).execute();
    },

    async findByHash(tokenHash: string, purpose: EmailChangePurpose): Promise<EmailChangeRow | undefined> {
      return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
    },

    /** Uses a link up on `trx`; false when it was already gone, so two uses of one link have one winner. */
    async consume(trx: PortalDb, id: number): Promise<boolean> {
      const result = await trx.deleteFrom('email_changes').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Every link of the contact's (an undo voids the changes after it, the attacker's undo link included). */
    async deleteAllOf(trx: PortalDb, contactId: number): Promise<void> {
      await trx.deleteFrom('email_changes').where('contact_id', '=', contactId).execute();
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('email_changes').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
