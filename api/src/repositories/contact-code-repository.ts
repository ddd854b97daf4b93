import type { PortalDb } from '../db/connect';
import type { ContactCodePurpose, ContactCodeRow } from '../db/schema';

export type { ContactCodePurpose, ContactCodeRow };
export type ContactCodeRepository = ReturnType<typeof createContactCodeRepository>;

export interface NewContactCode {
  contact_id: number;
  purpose: ContactCodePurpose;
  /** sha256 of the code (hashSecretToken); the code itself is never stored. */
  code_hash: string;
  date_created: string;
  expires_at: string;
}

/** One-time codes (reset, verify): one live code per contact and purpose, found by its hash. */
export function createContactCodeRepository(db: PortalDb) {
  return {
    /**
     * Stores the contact's code for its purpose on the caller's transaction (that of the change the
     * code belongs to: a registration, the mail that carries it), replacing the one it had: an older
     * mail's link stops working.
     */
    async replace(trx: PortalDb, code: NewContactCode): Promise<void> {
      await trx.deleteFrom('contact_codes').where('contact_id', '=', code.contact_id).where('purpose', '=', code.purpose).execute();
      await trx.insertInto('contact_codes').values(code).execute();
    },

    /** The contact's code for this purpose, live or not (there is one at most); on the caller's transaction when given. */
    async findFor(contactId: number, purpose: ContactCodePurpose, on: PortalDb = db): Promise<ContactCodeRow | undefined> {
      return on.selectFrom('contact_codes').selectAll().where('contact_id', '=', contactId).where('purpose', '=', purpose).executeTakeFirst();
    },

    async findByHash(codeHash: string, purpose: ContactCodePurpose): Promise<ContactCodeRow | undefined> {
      return db.selectFrom('contact_codes').selectAll().where('code_hash', '=', codeHash).where('purpose', '=', purpose).executeTakeFirst();
    },

    /** Uses a code up; false when it was already gone, so two uses of one code have one winner. */
    async consume(codeId: number): Promise<boolean> {
      const result = await db.deleteFrom('contact_codes').where('id', '=', codeId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deleteFor(contactId: number, purpose: ContactCodePurpose): Promise<void> {
      await db.deleteFrom('contact_codes').where('contact_id', '=', contactId).where('purpose', '=', purpose).execute();
    },
  };
}
