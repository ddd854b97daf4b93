import type { Company, CompanyPrimaryContact, MetaEntry } from '@portal/contract';
import { GROUP_CLIENT, STATUS, companyUrlKey } from '@portal/domain';
import type { Kysely, Updateable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { AttachmentStoreName, CompanyRow, Database, TicketRow, TicketsTable } from '../db/schema';
import { revokeApiTokensOf } from './api-token-repository';
import { normalizeEmail } from './contact-repository';
import { groupBy, publicMeta } from './meta';

export interface CompanyFields {
  name?: string;
  url?: string | null;
  description?: string | null;
  mode?: number;
  note?: string | null;
}

/** Meta keys to write (services '1,3', default_agent '12' or null); undefined leaves a key as it is. */
export type CompanyMetaValues = Record<string, string | null | undefined>;

/** A company's row and its meta, as the audit trail's before values read them. */
export interface CompanyWithMeta {
  company: CompanyRow;
  meta: Record<string, string | null>;
}

/** What a company's deletion removed, read in its transaction: for the audit trail, the live streams and the files. */
export interface CompanyRemoval {
  company: CompanyRow;
  tickets: { ticket_id: number; title: string; assignee_id: number | null }[];
  /** Its clients who belonged to no other company: deactivated and signed out. */
  deactivated: { contact_id: number; first_name: string; last_name: string; email: string }[];
  /** The attachments' stored names and stores, whose bytes are removed once the transaction has committed. */
  attachmentFiles: { stored_name: string; stored_in: AttachmentStoreName }[];
  /** Contacts whose notifications about its tickets went with them. */
  notifiedContactIds: number[];
}

/** A ticket's columns to write, as the mode side effect plans them. */
export interface TicketClosing {
  ticket_id: number;
  patch: Updateable<TicketsTable>;
}

export interface NewCompany {
  name: string;
  url?: string | null;
  description?: string | null;
  mode?: number;
  note?: string | null;
  date_created?: string;
}

async function upsertMeta(db: Kysely<Database>, companyId: number, metaKey: string, metaValue: string | null, at: string): Promise<void> {
  await db
    .insertInto('company_meta')
    .values({ company_id: companyId, meta_key: metaKey, meta_value: metaValue, date_created: at })
    .onConflict((oc) => oc.columns(['company_id', 'meta_key']).doUpdateSet({ meta_value: metaValue }))
    .execute();
}

/** A contact of a registration (docs/product/accounts-and-roles.md#registration): the person, its password hash, and its link to the new company. */
export interface RegisteredContact {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  primary: 0 | 1;
  password_hash: string;
}

export interface NewRegistration {
  company: { name: string; url: string; mode: number };
  /** Company meta written with it (maintenance_prefs); `status` follows the mode by itself. */
  meta: Record<string, string>;
  contacts: readonly RegisteredContact[];
  /** The language the wizard was read in, stored on every contact (null: they read the portal's default). */
  language?: string | null;
}

/** The company row and the `status` meta that mirrors its mode (docs/product/companies-and-contacts.md#company-meta), on the executor given. */
async function insertCompany(executor: Kysely<Database>, input: NewCompany, at: string): Promise<number> {
  const mode = input.mode ?? 1;
  const row = await executor
    .insertInto('companies')
    .values({
      name: input.name,
      url: input.url ?? null,
      url_key: companyUrlKey(input.url ?? null),
      description: input.description ?? null,
      mode,
      note: input.note ?? null,
      date_created: input.date_created ?? at,
    })
    .returning('company_id')
    .executeTakeFirstOrThrow();
  await upsertMeta(executor, row.company_id, 'status', String(mode), at);
  return row.company_id;
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: PortalDb, clock: () => Date) {
  async function getMeta(companyId: number, metaKey: string): Promise<MetaEntry | undefined> {
    const row = await db
      .selectFrom('company_meta')
      .select(['id', 'meta_key', 'meta_value'])
      .where('company_id', '=', companyId)
      .where('meta_key', '=', metaKey)
      .executeTakeFirst();
    return row ? publicMeta([row])[0] : undefined;
  }

  async function withMeta(rows: CompanyRow[]): Promise<Company[]> {
    if (rows.length === 0) return [];
    const meta = await db
      .selectFrom('company_meta')
      .select(['id', 'company_id', 'meta_key', 'meta_value'])
      .where('company_id', 'in', rows.map((row) => row.company_id))
      .orderBy('id')
      .execute();
    const metaByCompany = groupBy(meta, (row) => row.company_id);
    return rows.map((row) => ({ ...row, meta: publicMeta(metaByCompany.get(row.company_id) ?? []) }));
  }

  return {
    /**
     * The primary contact of each company (the active primary link with the lowest contact id), in
     * one query for the whole list: Manage Companies' mailto and tel.
     */
    async primaryContacts(): Promise<Map<number, CompanyPrimaryContact>> {
      const rows = await db
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .select(['cc.company_id', 'c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone'])
        .where('cc.primary', '=', 1)
        .where('c.active', '=', 1)
        .orderBy('cc.company_id')
        .orderBy('c.contact_id')
        .execute();
      const byCompany = new Map<number, CompanyPrimaryContact>();
      for (const { company_id, ...person } of rows) if (!byCompany.has(company_id)) byCompany.set(company_id, person);
      return byCompany;
    },

    async listAll(): Promise<Company[]> {
      return withMeta(await db.selectFrom('companies').selectAll().orderBy('name').orderBy('company_id').execute());
    },

    async listForContact(contactId: number): Promise<Company[]> {
      const rows = await db
        .selectFrom('companies as c')
        .innerJoin('company_contacts as cc', 'cc.company_id', 'c.company_id')
        .selectAll('c')
        .where('cc.contact_id', '=', contactId)
        .orderBy('c.name')
        .orderBy('c.company_id')
        .execute();
      return withMeta(rows);
    },

    async findById(companyId: number): Promise<Company | undefined> {
      const row = await db.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      const [company] = await withMeta([row]);
      return company;
    },

    async listMeta(companyId: number): Promise<MetaEntry[]> {
      const rows = await db
        .selectFrom('company_meta')
        .select(['id', 'meta_key', 'meta_value'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute();
      return publicMeta(rows);
    },

    getMeta,

    async exists(companyId: number): Promise<boolean> {
      return (await db.selectFrom('companies').select('company_id').where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
    },

    /** A company and the `status` meta that mirrors its mode, on the caller's transaction; answers its id. */
    async create(trx: PortalDb, input: NewCompany): Promise<number> {
      return insertCompany(trx, input, clock().toISOString());
    },

    /**
     * A registration's rows on the caller's transaction (`trx`), so its codes and mails commit or
     * roll back with them: the company with its `status` and other meta, then each contact (group
     * 5, active, not yet verified) and its link. Answers the new ids, contacts in the order given.
     */
    async createRegistered(trx: PortalDb, registration: NewRegistration): Promise<{ companyId: number; contactIds: number[] }> {
      const now = clock().toISOString();
      const companyId = await insertCompany(trx, registration.company, now);
      for (const [key, value] of Object.entries(registration.meta)) await upsertMeta(trx, companyId, key, value, now);
      const contactIds: number[] = [];
      for (const { primary, ...person } of registration.contacts) {
        const created = await trx
          .insertInto('contacts')
          .values({
            ...person, email: normalizeEmail(person.email), group_id: GROUP_CLIENT, active: 1, date_created: now, language: registration.language ?? null,
          })
          .returning('contact_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('contact_meta')
          .values({ contact_id: created.contact_id, meta_key: 'verified', meta_value: '0', date_created: now })
          .execute();
        await trx.insertInto('company_contacts').values({ company_id: companyId, contact_id: created.contact_id, title: person.title, primary }).execute();
        contactIds.push(created.contact_id);
      }
      return { companyId, contactIds };
    },

    /**
     * Whether another company has this site: URLs compare normalized ('acme.com' for
     * 'https://www.Acme.com/'), read from the unique url_key index. The clear message before a save; the index
     * refuses the one that loses a race.
     */
    async urlTaken(url: string, exceptCompanyId?: number): Promise<boolean> {
      const key = companyUrlKey(url);
      if (key === null) return false;
      let query = db.selectFrom('companies').select('company_id').where('url_key', '=', key);
      if (exceptCompanyId !== undefined) query = query.where('company_id', '!=', exceptCompanyId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The company's row and its meta; pass the transaction of a save to read what it replaces. */
    async findWithMeta(companyId: number, executor: PortalDb = db): Promise<CompanyWithMeta | undefined> {
      const company = await executor.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!company) return undefined;
      const rows = await executor.selectFrom('company_meta').select(['meta_key', 'meta_value']).where('company_id', '=', companyId).execute();
      return { company, meta: Object.fromEntries(rows.map((row) => [row.meta_key, row.meta_value])) };
    },

    /**
     * Writes a company's fields (those not undefined) and meta keys on the caller's transaction. The
     * `status` meta follows a new mode: the message centre's filters read it
     * (docs/product/companies-and-contacts.md#company-meta).
     */
    async update(trx: PortalDb, companyId: number, input: CompanyFields, metaValues: CompanyMetaValues = {}): Promise<void> {
      const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as CompanyFields;
      // A second company with the same site is refused by companies_url_key (isUniqueViolation), even when two saves race.
      const withKey = fields.url === undefined ? fields : { ...fields, url_key: companyUrlKey(fields.url ?? null) };
      if (Object.keys(fields).length > 0) await trx.updateTable('companies').set(withKey).where('company_id', '=', companyId).execute();
      const meta = { ...metaValues };
      if (fields.mode !== undefined) meta.status = String(fields.mode);
      const now = clock().toISOString();
      for (const [key, value] of Object.entries(meta)) {
        if (value !== undefined) await upsertMeta(trx, companyId, key, value, now);
      }
    },

    /** The company's tickets below Complete: those a mode that closes the company changes. */
    async openTickets(companyId: number, executor: PortalDb = db): Promise<TicketRow[]> {
      return executor.selectFrom('tickets').selectAll().where('company_id', '=', companyId).where('status_id', '<', STATUS.complete).execute();
    },

    /** Writes each planned ticket change of the company on the caller's transaction. */
    async updateTickets(trx: PortalDb, companyId: number, changes: readonly TicketClosing[]): Promise<void> {
      for (const change of changes) {
        await trx.updateTable('tickets').set(change.patch).where('ticket_id', '=', change.ticket_id).where('company_id', '=', companyId).execute();
      }
    },

    /**
     * Deletes a company on the caller's transaction (docs/product/companies-and-contacts.md#deleting-a-company):
     * its tickets with their activity, tasks, notifications and attachment rows; its contact links
     * and meta; its clients who belong to no other company are deactivated and signed out (their
     * one-time codes go too). Time entries stay: they carry the company's and agent's names, and no
     * foreign key ties them to a ticket or company. Answers what went (see CompanyRemoval), or
     * undefined when there is no such company.
     */
    async remove(trx: PortalDb, companyId: number): Promise<CompanyRemoval | undefined> {
      const company = await trx.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
      if (!company) return undefined;
      const ticketIds = trx.selectFrom('tickets').select('ticket_id').where('company_id', '=', companyId);
      const tickets = await trx.selectFrom('tickets').select(['ticket_id', 'title', 'assignee_id']).where('company_id', '=', companyId).execute();
      const files = await trx.selectFrom('attachments').select(['stored_name', 'stored_in']).where('ticket_id', 'in', ticketIds).execute();
      const notified = await trx.selectFrom('notifications').select('contact_id').distinct().where('ticket_id', 'in', ticketIds).execute();
      await trx.deleteFrom('notifications').where('ticket_id', 'in', ticketIds).execute();
      await trx.deleteFrom('attachments').where('ticket_id', 'in', ticketIds).execute();
      await trx.deleteFrom('tasks').where('ticket_id', 'in', ticketIds).execute();
      await trx.deleteFrom('activity').where('ticket_id', 'in', ticketIds).execute();
      await trx.deleteFrom('tickets').where('company_id', '=', companyId).execute();

      const onlyHere = await trx
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .select('cc.contact_id')
        .where('cc.company_id', '=', companyId)
        .where('c.group_id', '=', GROUP_CLIENT)
        .where(({ not, exists, selectFrom }) =>
          not(exists(
            selectFrom('company_contacts as other')
              .select('other.contact_id')
              .whereRef('other.contact_id', '=', 'cc.contact_id')
              .where('other.company_id', '!=', companyId),
          )))
        .execute();
      const deactivated = onlyHere.map((row) => row.contact_id);
      await trx.deleteFrom('company_contacts').where('company_id', '=', companyId).execute();
      await trx.deleteFrom('company_meta').where('company_id', '=', companyId).execute();
      if (deactivated.length > 0) {
        await trx.updateTable('contacts').set({ active: 0 }).where('contact_id', 'in', deactivated).execute();
        await trx.deleteFrom('sessions').where('contact_id', 'in', deactivated).execute();
        // Their API tokens end for good: a contact linked again later does not bring them back (docs/product/integrations.md#api-tokens).
        for (const contactId of deactivated) await revokeApiTokensOf(trx, contactId, clock());
        await trx.deleteFrom('contact_codes').where('contact_id', 'in', deactivated).execute();
      }
      await trx.deleteFrom('companies').where('company_id', '=', companyId).execute();
      const people = deactivated.length === 0 ? [] : await trx
        .selectFrom('contacts').select(['contact_id', 'first_name', 'last_name', 'email']).where('contact_id', 'in', deactivated).execute();
      return {
        company,
        tickets,
        deactivated: people,
        attachmentFiles: files,
        notifiedContactIds: notified.map((row) => row.contact_id),
      };
    },

    /** One meta key's stored value (null when unset); pass the transaction of a save to read what it replaces. */
    async metaValue(companyId: number, metaKey: string, executor: PortalDb = db): Promise<string | null> {
      const row = await executor.selectFrom('company_meta').select('meta_value')
        .where('company_id', '=', companyId).where('meta_key', '=', metaKey).executeTakeFirst();
      return row?.meta_value ?? null;
    },

    /** Inserts or replaces one meta key on the caller's transaction. */
    async setMeta(trx: PortalDb, companyId: number, metaKey: string, metaValue: string | null): Promise<void> {
      await upsertMeta(trx, companyId, metaKey, metaValue, clock().toISOString());
    },

    /**
     * The companies' meta that may name an agent (docs/product/companies-and-contacts.md#deleting-an-agent): their
     * default_agent when it is `contactId`, and every type_assignments map (JSON, read by the caller), with the company's name.
     */
    async agentMeta(contactId: number, executor: PortalDb = db): Promise<{ company_id: number; name: string; meta_key: string; meta_value: string | null }[]> {
      return executor
        .selectFrom('company_meta as m')
        .innerJoin('companies as c', 'c.company_id', 'm.company_id')
        .select(['m.company_id', 'c.name', 'm.meta_key', 'm.meta_value'])
        .where((eb) => eb.or([
          eb.and([eb('m.meta_key', '=', 'default_agent'), eb('m.meta_value', '=', String(contactId))]),
          eb('m.meta_key', '=', 'type_assignments'),
        ]))
        .orderBy('c.name')
        .orderBy('m.company_id')
        .execute();
    },
  };
}
