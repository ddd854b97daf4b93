import type { AgentContact, Contact, MetaEntry, StaffContact } from '@portal/contract';
import { GROUP_ADMIN, STATUS, hasSecondFactor, isLanguage, returnsToBacklog } from '@portal/domain';
import { revokeApiTokensOf } from './api-token-repository';
import type { PortalDb } from '../db/connect';
import { prepared } from '../db/prepared';
import type { ContactPatch, ContactRow, NewContact } from '../db/schema';

export type { ContactPatch, ContactRow };
import { publicMeta } from './meta';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

/** A ticket a deactivated agent worked, as it was before it went back to Backlog unassigned. */
export interface DeactivatedTicket {
  ticket_id: number;
  company_id: number;
  title: string;
  status_id: number;
  assignee_id: number | null;
  date_assigned: string | null;
}

/** Insert or replace one meta key of a contact in one statement, on the executor given (a transaction's); answers the row's id. */
async function writeMeta(executor: PortalDb, contactId: number, metaKey: string, metaValue: string | null, at: string): Promise<number> {
  const row = await executor
    .insertInto('contact_meta')
    .values({ contact_id: contactId, meta_key: metaKey, meta_value: metaValue, date_created: at })
    .onConflict((oc) => oc.columns(['contact_id', 'meta_key']).doUpdateSet({ meta_value: metaValue }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a contact's sessions, all of them but `keepSessionHash` when given. */
async function endSessionsOf(executor: PortalDb, contactId: number, keepSessionHash?: string): Promise<void> {
  let sessions = executor.deleteFrom('sessions').where('contact_id', '=', contactId);
  if (keepSessionHash) sessions = sessions.where('token_hash', '!=', keepSessionHash);
  await sessions.execute();
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

export function createContactRepository(db: PortalDb, clock: () => Date) {
  // A client's scope, read with its session: built once (db/prepared.ts).
  const linksOf = prepared<'contactId', { company_id: number; primary: number }>(db, (value) => db
    .selectFrom('company_contacts')
    .select(['company_id', 'primary'])
    .where('contact_id', '=', value('contactId'))
    .orderBy('company_id'));
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
    async payRate(contactId: number, executor: PortalDb = db): Promise<number | null> {
      const row = await executor
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

    /**
     * Manage Agents (admins): active contacts of groups 1-4 by contact id, with phone, pay rate (contact meta) and
     * whether they have a second factor (an enabled app or a passkey: hasSecondFactor).
     */
    async listAgents(): Promise<AgentContact[]> {
      const rows = await db
        .selectFrom('contacts as c')
        .leftJoin('contact_meta as pm', (join) => join.onRef('pm.contact_id', '=', 'c.contact_id').on('pm.meta_key', '=', 'pay_rate'))
        .select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.group_id', 'pm.meta_value as pay_rate'])
        .select(({ exists, selectFrom }) => [
          exists(selectFrom('contact_totp as t').select('t.contact_id').whereRef('t.contact_id', '=', 'c.contact_id').where('t.enabled', '=', 1)).as('totp'),
          exists(selectFrom('passkeys as p').select('p.contact_id').whereRef('p.contact_id', '=', 'c.contact_id')).as('passkey'),
        ])
        .where('c.group_id', '>=', 1)
        .where('c.group_id', '<=', 4)
        .where('c.active', '=', 1)
        .orderBy('c.contact_id')
        .execute();
      return rows.map(({ totp, passkey, ...row }) => {
        const rate = row.pay_rate == null || row.pay_rate.trim() === '' ? NaN : Number(row.pay_rate);
        const factors = { totp: Boolean(Number(totp)), passkeys: Number(passkey), recoveryCodes: 0 };
        return { ...row, pay_rate: Number.isFinite(rate) ? rate : null, has_second_factor: hasSecondFactor(factors) };
      });
    },

    /**
     * Deactivates a contact on the caller's transaction (docs/product/companies-and-contacts.md#deleting-an-agent):
     * it can no longer sign in (inactive, sessions ended); every ticket it works that is still open
     * (`returnsToBacklog`: any status but Complete and Cancelled) goes back to Backlog unassigned.
     * Time and pay stay. Answers those tickets as they were before, or undefined when there is no
     * such contact.
     */
    async deactivate(trx: PortalDb, contactId: number, now: Date): Promise<{ ticketsUnassigned: number; tickets: DeactivatedTicket[] } | undefined> {
      const updated = await trx.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', contactId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      await trx.deleteFrom('sessions').where('contact_id', '=', contactId).execute();
      await revokeApiTokensOf(trx, contactId, now);
      const finished = [STATUS.complete, STATUS.cancelled];
      const tickets = await trx
        .selectFrom('tickets')
        .select(['ticket_id', 'company_id', 'title', 'status_id', 'assignee_id', 'date_assigned'])
        .where('assignee_id', '=', contactId)
        .where('status_id', 'not in', finished)
        .orderBy('ticket_id')
        .execute();
      const released = await trx
        .updateTable('tickets')
        .set({ status_id: STATUS.backlog, assignee_id: null, date_assigned: null, date_updated: now.toISOString() })
        .where('assignee_id', '=', contactId)
        .where('status_id', 'not in', finished)
        .executeTakeFirst();
      return { ticketsUnassigned: Number(released.numUpdatedRows), tickets: tickets.filter((ticket) => returnsToBacklog(ticket.status_id)) };
    },

    /** How many open tickets (any status but Complete and Cancelled) the contact is assigned. */
    async openAssignedCount(contactId: number): Promise<number> {
      const row = await db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('assignee_id', '=', contactId)
        .where('status_id', 'not in', [STATUS.complete, STATUS.cancelled])
        .executeTakeFirst();
      return Number(row?.count ?? 0);
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

    /** One meta key's stored value (null when unset); pass the transaction of a save to read what it replaces. */
    async metaValue(contactId: number, metaKey: string, executor: PortalDb = db): Promise<string | null> {
      const row = await executor
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
      const rows = await linksOf({ contactId });
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
        // Only a language the contact chose: without one they read the portal's default (docs/product/languages.md).
        ...(isLanguage(row.language) ? { language: row.language } : {}),
      };
    },

    /** A new contact on the caller's transaction (a lone insert may pass the database); answers its id. */
    async create(trx: PortalDb, contact: Omit<NewContact, 'date_created'> & { date_created?: string }): Promise<number> {
      const row = await trx
        .insertInto('contacts')
        .values({ ...contact, email: normalizeEmail(contact.email), date_created: contact.date_created ?? clock().toISOString() })
        .returning('contact_id')
        .executeTakeFirstOrThrow();
      return row.contact_id;
    },

    /** The contact's fields on the caller's transaction; nothing when the patch is empty. */
    async update(trx: PortalDb, contactId: number, patch: ContactPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      const values = patch.email === undefined ? patch : { ...patch, email: normalizeEmail(String(patch.email)) };
      await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
    },

    /**
     * Ends the contact's sessions on the caller's transaction, all of them but `keepSessionHash`
     * (the changer's own when it is the contact): what a new password does (docs/architecture.md#security).
     */
    async endSessions(trx: PortalDb, contactId: number, keepSessionHash?: string): Promise<void> {
      await endSessionsOf(trx, contactId, keepSessionHash);
      // Its API tokens stop with them (docs/product/integrations.md#api-tokens).
      await revokeApiTokensOf(trx, contactId, clock());
    },

    /**
     * A password reset on the caller's transaction (docs/product/accounts-and-roles.md#password-reset):
     * the code used up (false, and nothing written, when it already was), the new password, the
     * contact marked verified, its other sessions ended.
     */
    async completeReset(trx: PortalDb, reset: PasswordReset): Promise<boolean> {
      if (!(await consumeCode(trx, reset.contactId, reset.codeId))) return false;
      await trx.updateTable('contacts').set({ password_hash: reset.passwordHash }).where('contact_id', '=', reset.contactId).execute();
      await writeMeta(trx, reset.contactId, 'verified', '1', clock().toISOString());
      await endSessionsOf(trx, reset.contactId, reset.keepSessionHash);
      await revokeApiTokensOf(trx, reset.contactId, clock());
      return true;
    },

    /** The welcome mail's verification link on the caller's transaction: the code used up (false when it already was), the contact verified. */
    async completeVerification(trx: PortalDb, contactId: number, codeId: number): Promise<boolean> {
      if (!(await consumeCode(trx, contactId, codeId))) return false;
      await writeMeta(trx, contactId, 'verified', '1', clock().toISOString());
      return true;
    },

    /** Inserts or replaces one meta key of a contact, in one statement (a lone write may pass the database); answers the stored entry. */
    async upsertMeta(trx: PortalDb, contactId: number, metaKey: string, metaValue: string | null): Promise<MetaEntry> {
      return { id: await writeMeta(trx, contactId, metaKey, metaValue, clock().toISOString()), meta_key: metaKey, meta_value: metaValue };
    },
  };
}
