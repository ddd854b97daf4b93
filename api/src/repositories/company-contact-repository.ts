import type { CompanyContact } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import type { ContactPatch, NewContact } from '../db/schema';
import { normalizeEmail } from './contact-repository';
import { isPostgres } from './dialect';

export type CompanyContactRepository = ReturnType<typeof createCompanyContactRepository>;

/** The link's own fields (docs/product/companies-and-contacts.md#contacts). */
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

    /** The primary flag of each active contact of the company, read on `trx` (the rule that a company keeps a primary contact). */
    /**
     * The company's active contacts and their primary flags. On PostgreSQL the company row is locked
     * first, so two changes at once (each demoting a different primary) are checked one after the other.
     */
    async primaryFlags(trx: PortalDb, companyId: number): Promise<{ contactId: number; primary: number }[]> {
      if (isPostgres(trx)) {
        await trx.selectFrom('companies').select('company_id').where('company_id', '=', companyId).forUpdate().execute();
      }
      const rows = await trx
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .select(['cc.contact_id', 'cc.primary'])
        .where('cc.company_id', '=', companyId)
        .where('c.active', '=', 1)
        .execute();
      return rows.map((row) => ({ contactId: row.contact_id, primary: Number(row.primary) }));
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

    /** Links a contact who already exists on the caller's transaction; `reactivate` signs a deactivated client back in with it. */
    async link(trx: PortalDb, link: ContactLink, options: { reactivate?: boolean } = {}): Promise<void> {
      await trx
        .insertInto('company_contacts')
        .values({ company_id: link.company_id, contact_id: link.contact_id, title: link.title ?? null, primary: link.primary ?? 0 })
        .execute();
      if (options.reactivate) await trx.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', link.contact_id).execute();
    },

    /** A new contact and its link to the company, on the caller's transaction; answers the contact's id. */
    async createAndLink(trx: PortalDb, contact: NewContact, link: LinkFields & { company_id: number }): Promise<number> {
      const created = await trx
        .insertInto('contacts')
        .values({ ...contact, email: normalizeEmail(contact.email) })
        .returning('contact_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('company_contacts')
        .values({ company_id: link.company_id, contact_id: created.contact_id, title: link.title ?? null, primary: link.primary ?? 0 })
        .execute();
      return created.contact_id;
    },

    /** The person's fields and the link's, on the caller's transaction. */
    async update(trx: PortalDb, companyId: number, contactId: number, person: ContactPatch, link: LinkFields): Promise<void> {
      if (Object.keys(person).length > 0) {
        const values = person.email === undefined ? person : { ...person, email: normalizeEmail(String(person.email)) };
        await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
      }
      if (Object.keys(link).length > 0) {
        await trx.updateTable('company_contacts').set(link).where('company_id', '=', companyId).where('contact_id', '=', contactId).execute();
      }
    },

    /** Removes the link only: the contact stays in the system (docs/product/companies-and-contacts.md#contacts). Answers how many links went (0 or 1). */
    async unlink(trx: PortalDb, companyId: number, contactId: number): Promise<number> {
      const result = await trx.deleteFrom('company_contacts').where('company_id', '=', companyId).where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
