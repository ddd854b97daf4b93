import type { AgentContact, Contact, MetaEntry, StaffContact } from '@portal/contract';
import { GROUP_ADMIN, STATUS } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { ContactPatch, ContactRow, NewContact } from '../db/schema';
import { writeAudit, type AuditRecord } from './audit-repository';

export type { ContactPatch, ContactRow };
import { publicMeta } from './meta';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

/** A ticket a deactivated agent worked, as it was before it went back to Backlog or lost its assignee. */
export interface DeactivatedTicket {
  ticket_id: number;
  company_id: number;
  title: string;
  status_id: number;
  assignee_id: number | null;
  date_assigned: string | null;
}

/** Insert or replace one meta key of a contact, on the executor given (a transaction's). */
async function writeMeta(executor: PortalDb, contactId: number, metaKey: string, metaValue: string | null): Promise<void> {
  await executor
    .insertInto('contact_meta')
    .values({ contact_id: contactId, meta_key: metaKey, meta_value: metaValue, date_created: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['contact_id', 'meta_key']).doUpdateSet({ meta_value: metaValue }))
    .execute();
}

/** Uses a one-time code of the contact up: false when it was already gone, so one of two concurrent uses wins. */
async function consumeCode(executor: PortalDb, contactId: number, codeId: number): Promise<boolean> {
  const result = await executor.deleteFrom('contact_codes').where('id', '=', codeId).where('contact_id', '=', contactId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface PasswordReset {
  contactId: number;
  /** The reset code being used (contact_codes.id). */
  codeId: number;
  passwordHash: string;
  /** The session of the request when it is the contact's own: it stays signed in, every other one ends. */
  keepSessionHash?: string;
}

/** "Ada Admin": how a contact's name is shown and snapshotted (activity author, time entry). */
export function displayName(row: { first_name: string; last_name: string }): string {
  return `${row.first_name} ${row.last_name}`.trim();
}

export function createContactRepository(db: PortalDb) {
  async function findById(contactId: number): Promise<ContactRow | undefined> {
    return db.selectFrom('contacts').selectAll().where('contact_id', '=', contactId).executeTakeFirst();
  }

  return {
    findById,

    /** "Ada Admin" for snapshots (activity author, time entry), null when the contact is gone. */
    async fullName(contactId: number): Promise<string | null> {
      const row = await findById(contactId);
      return row ? displayName(row) : null;
    },

    /** The contact's pay rate in USD per hour (contact meta 'pay_rate'), or null when unset or not a number. */
    async payRate(contactId: number): Promise<number | null> {
      const row = await db
        .selectFrom('contact_meta')
        .select('meta_value')
        .where('contact_id', '=', contactId)
        .where('meta_key', '=', 'pay_rate')
        .executeTakeFirst();
      const rate = row?.meta_value == null || row.meta_value.trim() === '' ? NaN : Number(row.meta_value);
      return Number.isFinite(rate) ? rate : null;
    },

    async findActiveByEmail(email: string): Promise<ContactRow | undefined> {
      return db
        .selectFrom('contacts')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .where('active', '=', 1)
        .executeTakeFirst();
    },

    /** Whoever holds the e-mail, active or not: an address belongs to one contact for good. */
    async findByEmail(email: string): Promise<ContactRow | undefined> {
      return db.selectFrom('contacts').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    },

    /** False on a database without a single contact (a production install before its first admin). */
    async hasAny(): Promise<boolean> {
      return (await db.selectFrom('contacts').select('contact_id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** Active contacts of groups 1-4, by name: the assignee dropdown. */
    async listStaff(): Promise<StaffContact[]> {
      return db
        .selectFrom('contacts')
        .select(['contact_id', 'first_name', 'last_name', 'email', 'group_id'])
        .where('group_id', '>=', 1)
        .where('group_id', '<=', 4)
        .where('active', '=', 1)
        .orderBy('first_name')
        .orderBy('last_name')
        .orderBy('contact_id')
        .execute();
    },

    /** Manage Agents (admins): active contacts of groups 1-4 by contact id, with phone and pay rate (contact meta). */
    async listAgents(): Promise<AgentContact[]> {
      const rows = await db
        .selectFrom('contacts as c')
        .leftJoin('contact_meta as pm', (join) => join.onRef('pm.contact_id', '=', 'c.contact_id').on('pm.meta_key', '=', 'pay_rate'))
        .select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.group_id', 'pm.meta_value as pay_rate'])
        .where('c.group_id', '>=', 1)
        .where('c.group_id', '<=', 4)
        .where('c.active', '=', 1)
        .orderBy('c.contact_id')
        .execute();
      return rows.map((row) => {
        const rate = row.pay_rate == null || row.pay_rate.trim() === '' ? NaN : Number(row.pay_rate);
        return { ...row, pay_rate: Number.isFinite(rate) ? rate : null };
      });
    },

    /**
     * DESIGN §7, in one transaction: the contact can no longer sign in (inactive, sessions ended);
     * tickets it works that are still open (below Complete) go back to Backlog unassigned, those
     * waiting on the client or ready to launch only lose their assignee. Time and pay stay.
     */
    async deactivate(
      contactId: number,
      now: Date,
      audit: (tickets: DeactivatedTicket[]) => readonly AuditRecord[] = () => [],
    ): Promise<{ ticketsUnassigned: number; tickets: DeactivatedTicket[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', contactId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return undefined;
        await trx.deleteFrom('sessions').where('contact_id', '=', contactId).execute();
        const nowIso = now.toISOString();
        const tickets = await trx
          .selectFrom('tickets')
          .select(['ticket_id', 'company_id', 'title', 'status_id', 'assignee_id', 'date_assigned'])
          .where('assignee_id', '=', contactId)
          .where((eb) => eb.or([eb('status_id', '<', STATUS.complete), eb('status_id', 'in', [STATUS.needMoreInfo, STATUS.readyToLaunch])]))
          .execute();
        const backlog = await trx
          .updateTable('tickets')
          .set({ status_id: STATUS.backlog, assignee_id: null, date_assigned: null, date_updated: nowIso })
          .where('assignee_id', '=', contactId)
          .where('status_id', '<', STATUS.complete)
          .executeTakeFirst();
        const waiting = await trx
          .updateTable('tickets')
          .set({ assignee_id: null, date_updated: nowIso })
          .where('assignee_id', '=', contactId)
          .where('status_id', 'in', [STATUS.needMoreInfo, STATUS.readyToLaunch])
          .executeTakeFirst();
        await writeAudit(trx, audit(tickets));
        return { ticketsUnassigned: Number(backlog.numUpdatedRows) + Number(waiting.numUpdatedRows), tickets };
      });
    },

    async listAdmins(): Promise<{ contact_id: number; email: string }[]> {
      return db
        .selectFrom('contacts')
        .select(['contact_id', 'email'])
        .where('group_id', '=', GROUP_ADMIN)
        .where('active', '=', 1)
        .orderBy('contact_id')
        .execute();
    },

    async metaValue(contactId: number, metaKey: string): Promise<string | null> {
      const row = await db
        .selectFrom('contact_meta')
        .select('meta_value')
        .where('contact_id', '=', contactId)
        .where('meta_key', '=', metaKey)
        .executeTakeFirst();
      return row?.meta_value ?? null;
    },

    async emailTaken(email: string, exceptContactId?: number): Promise<boolean> {
      let query = db.selectFrom('contacts').select('contact_id').where('email', '=', normalizeEmail(email));
      if (exceptContactId !== undefined) query = query.where('contact_id', '!=', exceptContactId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The companies a contact is linked to, and those where it is a primary contact: one read. */
    async companyLinks(contactId: number): Promise<{ companyIds: number[]; primaryCompanyIds: number[] }> {
      const rows = await db
        .selectFrom('company_contacts')
        .select(['company_id', 'primary'])
        .where('contact_id', '=', contactId)
        .orderBy('company_id')
        .execute();
      return {
        companyIds: rows.map((row) => row.company_id),
        primaryCompanyIds: rows.filter((row) => row.primary).map((row) => row.company_id),
      };
    },

    /** The answer shape of every contact route: companies and public meta, never the password hash. */
    async loadAnswer(contactId: number): Promise<Contact | undefined> {
      const row = await findById(contactId);
      if (!row) return undefined;
      const [links, meta] = await Promise.all([
        db
          .selectFrom('company_contacts as cc')
          .innerJoin('companies as c', 'c.company_id', 'cc.company_id')
          .select(['cc.company_id', 'c.name', 'cc.title', 'cc.primary'])
          .where('cc.contact_id', '=', contactId)
          .orderBy('cc.primary', 'desc')
          .orderBy('c.name')
          .execute(),
        db.selectFrom('contact_meta').select(['id', 'meta_key', 'meta_value']).where('contact_id', '=', contactId).orderBy('id').execute(),
      ]);
      const companies = links.map((link) => ({
        company_id: link.company_id,
        name: link.name,
        title: link.title,
        primary: link.primary ? (1 as const) : (0 as const),
      }));
      return {
        contact_id: row.contact_id,
        title: row.title,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        phone: row.phone,
        group_id: row.group_id,
        company_id: companies[0]?.company_id ?? null,
        companies,
        meta: publicMeta(meta),
      };
    },

    /** A new contact and, on its transaction, the audit entries `audit` gives for its id. */
    async create(
      contact: Omit<NewContact, 'date_created'> & { date_created?: string }, audit: (contactId: number) => readonly AuditRecord[] = () => [],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('contacts')
          .values({ ...contact, email: normalizeEmail(contact.email), date_created: contact.date_created ?? new Date().toISOString() })
          .returning('contact_id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, audit(row.contact_id));
        return row.contact_id;
      });
    },

    async update(contactId: number, patch: ContactPatch, audit: readonly AuditRecord[] = []): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      const values = patch.email === undefined ? patch : { ...patch, email: normalizeEmail(String(patch.email)) };
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
        await writeAudit(trx, audit);
      });
    },

    /**
     * An update that sets a new password, in one transaction with ending the contact's sessions
     * (DESIGN §10): all of them but `keepSessionHash`, the changer's own when it is the contact.
     */
    async updatePassword(
      contactId: number, patch: ContactPatch & { password_hash: string }, keepSessionHash?: string, audit: readonly AuditRecord[] = [],
    ): Promise<void> {
      const values = patch.email === undefined ? patch : { ...patch, email: normalizeEmail(String(patch.email)) };
      await db.transaction().execute(async (trx) => {
        await writeAudit(trx, audit);
        await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
        let sessions = trx.deleteFrom('sessions').where('contact_id', '=', contactId);
        if (keepSessionHash) sessions = sessions.where('token_hash', '!=', keepSessionHash);
        await sessions.execute();
      });
    },

    /**
     * Spec 001 §4 "Password reset", in one transaction: the code used up (false, and nothing written,
     * when it already was), the new password, the contact marked verified, its other sessions ended.
     */
    async completeReset(reset: PasswordReset, audit: readonly AuditRecord[] = []): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, reset.contactId, reset.codeId))) return false;
        await writeAudit(trx, audit);
        await trx.updateTable('contacts').set({ password_hash: reset.passwordHash }).where('contact_id', '=', reset.contactId).execute();
        await writeMeta(trx, reset.contactId, 'verified', '1');
        let sessions = trx.deleteFrom('sessions').where('contact_id', '=', reset.contactId);
        if (reset.keepSessionHash) sessions = sessions.where('token_hash', '!=', reset.keepSessionHash);
        await sessions.execute();
        return true;
      });
    },

    /** The welcome mail's verification link, in one transaction: the code used up (false when it already was), the contact verified. */
    async completeVerification(contactId: number, codeId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, contactId, codeId))) return false;
        await writeMeta(trx, contactId, 'verified', '1');
        return true;
      });
    },

    /** Insert or replace one meta key of a contact, with the audit entries `audit` gives for its value before; answers the stored entry. */
    async upsertMeta(
      contactId: number, metaKey: string, metaValue: string | null, audit: (before: string | null) => readonly AuditRecord[] = () => [],
    ): Promise<MetaEntry> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('contact_meta')
          .select(['id', 'meta_value'])
          .where('contact_id', '=', contactId)
          .where('meta_key', '=', metaKey)
          .executeTakeFirst();
        await writeAudit(trx, audit(existing?.meta_value ?? null));
        if (existing) {
          await trx.updateTable('contact_meta').set({ meta_value: metaValue }).where('id', '=', existing.id).execute();
          return { id: existing.id, meta_key: metaKey, meta_value: metaValue };
        }
        const inserted = await trx
          .insertInto('contact_meta')
          .values({ contact_id: contactId, meta_key: metaKey, meta_value: metaValue, date_created: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: inserted.id, meta_key: metaKey, meta_value: metaValue };
      });
    },
  };
}
