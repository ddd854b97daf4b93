import type { Company, CompanyContact, MetaEntry } from '@portal/contract';
import { STATUS } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { CompanyRow } from '../db/schema';
import { groupBy, publicMeta } from './meta';
import type { PlannedTicketChange, TicketRow } from './ticket-repository';

export interface CompanySave {
  mode?: number;
  note?: string | null;
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: PortalDb) {
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

    /** Primary contacts first, then by name. */
    async contacts(companyId: number): Promise<CompanyContact[]> {
      const rows = await db
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.group_id', 'cc.title', 'cc.primary'])
        .where('cc.company_id', '=', companyId)
        .where('c.active', '=', 1)
        .orderBy('cc.primary', 'desc')
        .orderBy('c.contact_id')
        .execute();
      return rows.map((row) => ({ ...row, primary: row.primary ? (1 as const) : (0 as const) }));
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

    async listMeta(companyId: number): Promise<MetaEntry[]> {
      const rows = await db
        .selectFrom('company_meta')
        .select(['id', 'meta_key', 'meta_value'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute();
      return publicMeta(rows);
    },

    async getMeta(companyId: number, metaKey: string): Promise<MetaEntry | undefined> {
      const row = await db
        .selectFrom('company_meta')
        .select(['id', 'meta_key', 'meta_value'])
        .where('company_id', '=', companyId)
        .where('meta_key', '=', metaKey)
        .executeTakeFirst();
      return row ? publicMeta([row])[0] : undefined;
    },

    async exists(companyId: number): Promise<boolean> {
      return (await db.selectFrom('companies').select('company_id').where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
    },

    async create(input: { name: string; url?: string | null; description?: string | null; mode?: number; note?: string | null; date_created?: string }): Promise<number> {
      const row = await db
        .insertInto('companies')
        .values({
          name: input.name,
          url: input.url ?? null,
          description: input.description ?? null,
          mode: input.mode ?? 1,
          note: input.note ?? null,
          date_created: input.date_created ?? new Date().toISOString(),
        })
        .returning('company_id')
        .executeTakeFirstOrThrow();
      return row.company_id;
    },

    async linkContact(link: { company_id: number; contact_id: number; title?: string | null; primary?: number }): Promise<void> {
      await db
        .insertInto('company_contacts')
        .values({ company_id: link.company_id, contact_id: link.contact_id, title: link.title ?? null, primary: link.primary ?? 0 })
        .execute();
    },

    /**
     * Saves a company's mode and/or note and, when the mode closes the company, its open tickets
     * as `planTickets` computes them (spec 001 §4), in one transaction: the company row first, so
     * a failed ticket write also undoes the mode. Answers the number of tickets changed.
     */
    async saveModeAndNote(companyId: number, save: CompanySave, planTickets: (openTickets: TicketRow[]) => PlannedTicketChange[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const set: CompanySave = {};
        if (save.mode !== undefined) set.mode = save.mode;
        if (save.note !== undefined) set.note = save.note;
        if (Object.keys(set).length > 0) await trx.updateTable('companies').set(set).where('company_id', '=', companyId).execute();
        if (save.mode === undefined) return 0;
        // The 'status' meta mirrors the mode for the message centre's filters (spec 001 §3).
        const modeText = String(save.mode);
        await trx
          .insertInto('company_meta')
          .values({ company_id: companyId, meta_key: 'status', meta_value: modeText, date_created: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['company_id', 'meta_key']).doUpdateSet({ meta_value: modeText }))
          .execute();
        const open = await trx.selectFrom('tickets').selectAll().where('company_id', '=', companyId).where('status_id', '<', STATUS.complete).execute();
        const changes = planTickets(open).filter((change) => Object.keys(change.patch).length > 0);
        for (const change of changes) {
          await trx.updateTable('tickets').set(change.patch).where('ticket_id', '=', change.ticket_id).where('company_id', '=', companyId).execute();
        }
        return changes.length;
      });
    },

    async setMeta(companyId: number, metaKey: string, metaValue: string | null): Promise<void> {
      await db
        .insertInto('company_meta')
        .values({ company_id: companyId, meta_key: metaKey, meta_value: metaValue, date_created: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['company_id', 'meta_key']).doUpdateSet({ meta_value: metaValue }))
        .execute();
    },
  };
}
