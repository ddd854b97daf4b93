import type { Company, CompanyPrimaryContact, MetaEntry } from '@portal/contract';
import { GROUP_CLIENT, STATUS, normalizeCompanyUrl } from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { CompanyRow, Database } from '../db/schema';
import { writeAudit, type AuditRecord } from './audit-repository';
import { normalizeEmail } from './contact-repository';
import { groupBy, publicMeta } from './meta';
import type { PlannedTicketChange, TicketRow } from './ticket-repository';

export interface CompanyFields {
  name?: string;
  url?: string | null;
  description?: string | null;
  mode?: number;
  note?: string | null;
}

export interface CompanySave {
  fields: CompanyFields;
  /** Meta keys to write (services '1,3', default_agent '12' or null); `status` follows the mode by itself. */
  meta?: Record<string, string | null | undefined>;
}

/** What a company looked like before a save, for the audit trail: its row and its meta. */
export interface CompanyBefore {
  company: CompanyRow;
  meta: Record<string, string | null>;
}

/** What a company's deletion removed, for the audit trail (read in its transaction). */
export interface CompanyRemoved {
  company: CompanyRow;
  tickets: { ticket_id: number; title: string }[];
  deactivated: { contact_id: number; first_name: string; last_name: string; email: string }[];
}

export interface CompanyRemoval {
  attachmentFiles: string[];
  deactivated: number[];
  tickets: { ticket_id: number; assignee_id: number | null }[];
  notifiedContactIds: number[];
}

export interface NewCompany {
  name: string;
  url?: string | null;
  description?: string | null;
  mode?: number;
  note?: string | null;
  date_created?: string;
}

async function upsertMeta(db: Kysely<Database>, companyId: number, metaKey: string, metaValue: string | null): Promise<void> {
  await db
    .insertInto('company_meta')
    .values({ company_id: companyId, meta_key: metaKey, meta_value: metaValue, date_created: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['company_id', 'meta_key']).doUpdateSet({ meta_value: metaValue }))
    .execute();
}

/** A contact of a registration (spec 001 §4): the person, its password hash, and its link to the new company. */
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
}

/** The company row and the `status` meta that mirrors its mode (spec 001 §3), on the executor given. */
async function insertCompany(executor: Kysely<Database>, input: NewCompany): Promise<number> {
  const mode = input.mode ?? 1;
  const row = await executor
    .insertInto('companies')
    .values({
      name: input.name,
      url: input.url ?? null,
      description: input.description ?? null,
      mode,
      note: input.note ?? null,
      date_created: input.date_created ?? new Date().toISOString(),
    })
    .returning('company_id')
    .executeTakeFirstOrThrow();
  await upsertMeta(executor, row.company_id, 'status', String(mode));
  return row.company_id;
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: PortalDb) {
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

    /** A company and the `status` meta that mirrors its mode (spec 001 §3), in one transaction. */
    /** `audit` names the entries to write with it, given the new id. */
    async create(input: NewCompany, audit: (companyId: number) => readonly AuditRecord[] = () => []): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const companyId = await insertCompany(trx, input);
        await writeAudit(trx, audit(companyId));
        return companyId;
      });
    },

    /**
     * A registration's rows on the caller's transaction (`trx`), so its codes and mails commit or
     * roll back with them: the company with its `status` and other meta, then each contact (group
     * 5, active, not yet verified) and its link. Answers the new ids, contacts in the order given.
     */
    async createRegistered(registration: NewRegistration, trx: PortalDb): Promise<{ companyId: number; contactIds: number[] }> {
      const companyId = await insertCompany(trx, registration.company);
      for (const [key, value] of Object.entries(registration.meta)) await upsertMeta(trx, companyId, key, value);
      const now = new Date().toISOString();
      const contactIds: number[] = [];
      for (const { primary, ...person } of registration.contacts) {
        const created = await trx
          .insertInto('contacts')
          .values({ ...person, email: normalizeEmail(person.email), group_id: GROUP_CLIENT, active: 1, date_created: now })
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
     * 'https://www.Acme.com/'). The LIKE narrows the rows to those containing the key; the key decides.
     */
    async urlTaken(url: string, exceptCompanyId?: number): Promise<boolean> {
      const key = normalizeCompanyUrl(url);
      if (key === '') return false;
      let query = db.selectFrom('companies').select(['company_id', 'url']).where(sql<string>`lower(url)`, 'like', `%${key}%`);
      if (exceptCompanyId !== undefined) query = query.where('company_id', '!=', exceptCompanyId);
      const rows = await query.execute();
      return rows.some((row) => row.url !== null && normalizeCompanyUrl(row.url) === key);
    },

    /**
     * Saves a company's fields and meta and, when the mode closes the company, its open tickets as
     * `planTickets` computes them (spec 001 §4), in one transaction: the company row first, so a
     * failed meta or ticket write undoes everything. Answers the number of tickets changed.
     */
    async save(
      companyId: number,
      save: CompanySave,
      planTickets: (openTickets: TicketRow[]) => PlannedTicketChange[],
      audit: (before: CompanyBefore) => readonly AuditRecord[] = () => [],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // Read in the transaction: the trail's before values are the ones this save replaced.
        const beforeRow = await trx.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
        if (beforeRow) {
          const metaRows = await trx.selectFrom('company_meta').select(['meta_key', 'meta_value']).where('company_id', '=', companyId).execute();
          await writeAudit(trx, audit({ company: beforeRow, meta: Object.fromEntries(metaRows.map((row) => [row.meta_key, row.meta_value])) }));
        }
        const fields = Object.fromEntries(Object.entries(save.fields).filter(([, value]) => value !== undefined)) as CompanyFields;
        if (Object.keys(fields).length > 0) await trx.updateTable('companies').set(fields).where('company_id', '=', companyId).execute();
        const meta = { ...save.meta };
        // The 'status' meta mirrors the mode for the message centre's filters (spec 001 §3).
        if (fields.mode !== undefined) meta.status = String(fields.mode);
        for (const [key, value] of Object.entries(meta)) {
          if (value !== undefined) await upsertMeta(trx, companyId, key, value);
        }
        if (fields.mode === undefined) return 0;
        const open = await trx.selectFrom('tickets').selectAll().where('company_id', '=', companyId).where('status_id', '<', STATUS.complete).execute();
        const changes = planTickets(open).filter((change) => Object.keys(change.patch).length > 0);
        for (const change of changes) {
          await trx.updateTable('tickets').set(change.patch).where('ticket_id', '=', change.ticket_id).where('company_id', '=', companyId).execute();
        }
        await writeAudit(trx, changes.flatMap((change) => (change.audit ? [change.audit] : [])));
        return changes.length;
      });
    },

    /**
     * DESIGN §7, in one transaction: the company's tickets with their activity, tasks, notifications
     * and attachment rows; its contact links and meta; its clients who belong to no other company
     * are deactivated and signed out (their one-time codes go too). Time entries stay: they carry
     * the company's and agent's names, and no foreign key ties them to a ticket or company.
     * Answers the stored names of the attachment files to remove after the commit, the tickets
     * removed and the contacts whose notifications went with them (for the live streams), or
     * undefined when there is no such company.
     */
    async remove(companyId: number, audit: (removed: CompanyRemoved) => readonly AuditRecord[] = () => []): Promise<CompanyRemoval | undefined> {
      return db.transaction().execute(async (trx) => {
        const company = await trx.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
        if (!company) return undefined;
        const removedTickets = await trx.selectFrom('tickets').select(['ticket_id', 'title']).where('company_id', '=', companyId).execute();
        const ticketIds = trx.selectFrom('tickets').select('ticket_id').where('company_id', '=', companyId);
        const files = await trx.selectFrom('attachments').select('stored_name').where('ticket_id', 'in', ticketIds).execute();
        const tickets = await trx.selectFrom('tickets').select(['ticket_id', 'assignee_id']).where('company_id', '=', companyId).execute();
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
          await trx.deleteFrom('contact_codes').where('contact_id', 'in', deactivated).execute();
        }
        await trx.deleteFrom('companies').where('company_id', '=', companyId).execute();
        const deactivatedPeople = deactivated.length === 0 ? [] : await trx
          .selectFrom('contacts').select(['contact_id', 'first_name', 'last_name', 'email']).where('contact_id', 'in', deactivated).execute();
        await writeAudit(trx, audit({ company, tickets: removedTickets, deactivated: deactivatedPeople }));
        return {
          attachmentFiles: files.map((row) => row.stored_name),
          deactivated,
          tickets,
          notifiedContactIds: notified.map((row) => row.contact_id),
        };
      });
    },

    /** Insert or replace one meta key (one of the public ones) with its audit entries; answers the stored entry. */
    async setMeta(companyId: number, metaKey: string, metaValue: string | null, audit: (before: string | null | undefined) => readonly AuditRecord[] = () => []): Promise<MetaEntry> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('company_meta').select('meta_value')
          .where('company_id', '=', companyId).where('meta_key', '=', metaKey).executeTakeFirst();
        await upsertMeta(trx, companyId, metaKey, metaValue);
        await writeAudit(trx, audit(before?.meta_value));
      });
      const saved = await getMeta(companyId, metaKey);
      if (!saved) throw new Error(`company meta ${metaKey} not readable after saving`);
      return saved;
    },
  };
}
