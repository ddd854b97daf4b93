import type { CompanyContact } from '@portal/contract';
import { writeAudit, type AuditRecord } from './audit-repository';
import type { PortalDb } from '../db/connect';
import type { ContactPatch, NewContact } from '../db/schema';
import { normalizeEmail } from './contact-repository';

export type CompanyContactRepository = ReturnType<typeof createCompanyContactRepository>;

/** The link's own fields (spec 001 §3 company contact link). */
export interface LinkFields {
  title?: string | null;
  primary?: 0 | 1;
}

export interface ContactLink extends LinkFields {
  company_id: number;
  contact_id: number;
}

type LinkedRow = Omit<CompanyContact, 'primary'> & { primary: number };

const toCompanyContact = (row: LinkedRow): CompanyContact => ({ ...row, primary: row.primary ? 1 : 0 });

/** The company contact links: who belongs to a company, with which title, and whether as primary. */
export function createCompanyContactRepository(db: PortalDb) {
  const linked = (companyId: number) =>
    db
      .selectFrom('company_contacts as cc')
      .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
      .select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.group_id', 'cc.title', 'cc.primary'])
      .where('cc.company_id', '=', companyId);

  return {
    /** The company's active contacts, primary first, then by id. */
    async list(companyId: number): Promise<CompanyContact[]> {
      const rows = await linked(companyId).where('c.active', '=', 1).orderBy('cc.primary', 'desc').orderBy('c.contact_id').execute();
      return rows.map(toCompanyContact);
    },

    async find(companyId: number, contactId: number): Promise<CompanyContact | undefined> {
      const row = await linked(companyId).where('cc.contact_id', '=', contactId).executeTakeFirst();
      return row ? toCompanyContact(row) : undefined;
    },

    async isLinked(companyId: number, contactId: number): Promise<boolean> {
      const row = await db
        .selectFrom('company_contacts')
        .select('contact_id')
        .where('company_id', '=', companyId)
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Links a contact who already exists; `reactivate` signs a deactivated client back in with it (one transaction). */
    async link(link: ContactLink, options: { reactivate?: boolean } = {}, audit: readonly AuditRecord[] = []): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await writeAudit(trx, audit);
        await trx
          .insertInto('company_contacts')
          .values({ company_id: link.company_id, contact_id: link.contact_id, title: link.title ?? null, primary: link.primary ?? 0 })
          .execute();
        if (options.reactivate) await trx.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', link.contact_id).execute();
      });
    },

    /** A new contact and its link to the company, in one transaction; answers the contact's id. */
    async createAndLink(
      contact: NewContact, link: LinkFields & { company_id: number }, audit: (contactId: number) => readonly AuditRecord[] = () => [],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('contacts')
          .values({ ...contact, email: normalizeEmail(contact.email) })
          .returning('contact_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('company_contacts')
          .values({ company_id: link.company_id, contact_id: created.contact_id, title: link.title ?? null, primary: link.primary ?? 0 })
          .execute();
        await writeAudit(trx, audit(created.contact_id));
        return created.contact_id;
      });
    },

    /** The person's fields and the link's, in one transaction. */
    async update(companyId: number, contactId: number, person: ContactPatch, link: LinkFields, audit: readonly AuditRecord[] = []): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await writeAudit(trx, audit);
        if (Object.keys(person).length > 0) {
          const values = person.email === undefined ? person : { ...person, email: normalizeEmail(String(person.email)) };
          await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
        }
        if (Object.keys(link).length > 0) {
          await trx.updateTable('company_contacts').set(link).where('company_id', '=', companyId).where('contact_id', '=', contactId).execute();
        }
      });
    },

    /** Removes the link only, with its audit entries: the contact stays in the system (spec 001 §5). */
    async unlink(companyId: number, contactId: number, audit: readonly AuditRecord[] = []): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('company_contacts').where('company_id', '=', companyId).where('contact_id', '=', contactId).executeTakeFirst();
        const deleted = Number(result.numDeletedRows);
        if (deleted > 0) await writeAudit(trx, audit);
        return deleted;
      });
    },
  };
}
