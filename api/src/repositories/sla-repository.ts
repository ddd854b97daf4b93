import type { SlaSettings } from '@portal/contract';
import { DEFAULT_BUSINESS_HOURS, GROUP_CLIENT, type PriorityTarget, type SlaNote, type WorkingDay } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';

export type SlaRepository = ReturnType<typeof createSlaRepository>;

/** The one row of sla_settings. */
const SETTINGS_ID = 1;

const parsed = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Response-time promises (docs/product/response-times.md): the provider's business hours and targets (one row; none
 * reads as the defaults, with no targets), a company's own targets, and what a ticket's clock reads from the feed.
 */
export function createSlaRepository(db: PortalDb, clock: () => Date) {
  return {
    async settings(): Promise<SlaSettings> {
      const row = await db.selectFrom('sla_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
      if (!row) return { ...DEFAULT_BUSINESS_HOURS, days: [...DEFAULT_BUSINESS_HOURS.days], holidays: [], targets: [], date_updated: null };
      return {
        time_zone: row.time_zone,
        days: parsed<WorkingDay[]>(row.days, []),
        holidays: parsed<string[]>(row.holidays, []),
        targets: parsed<PriorityTarget[]>(row.targets, []),
        date_updated: row.date_updated,
      };
    },

    async saveSettings(trx: PortalDb, settings: Omit<SlaSettings, 'date_updated'>): Promise<void> {
      const values = {
        time_zone: settings.time_zone,
        days: JSON.stringify(settings.days),
        holidays: JSON.stringify(settings.holidays),
        targets: JSON.stringify(settings.targets),
        date_updated: clock().toISOString(),
      };
      await trx.insertInto('sla_settings').values({ id: SETTINGS_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    /** A company's own targets, or null when its tickets follow the provider's. */
    async companyTargets(companyId: number): Promise<PriorityTarget[] | null> {
      const row = await db.selectFrom('company_sla_targets').select('targets').where('company_id', '=', companyId).executeTakeFirst();
      return row ? parsed<PriorityTarget[]>(row.targets, []) : null;
    },

    /** The companies among `companyIds` with their own targets. */
    async companiesTargets(companyIds: readonly number[]): Promise<Map<number, PriorityTarget[]>> {
      const found = new Map<number, PriorityTarget[]>();
      if (companyIds.length === 0) return found;
      const rows = await db.selectFrom('company_sla_targets').select(['company_id', 'targets']).where('company_id', 'in', [...new Set(companyIds)]).execute();
      for (const row of rows) found.set(row.company_id, parsed<PriorityTarget[]>(row.targets, []));
      return found;
    },

    /** Sets (or, with null, removes) a company's own targets. */
    async saveCompanyTargets(trx: PortalDb, companyId: number, targets: PriorityTarget[] | null): Promise<void> {
      if (targets === null) {
        await trx.deleteFrom('company_sla_targets').where('company_id', '=', companyId).execute();
        return;
      }
      const values = { targets: JSON.stringify(targets), date_updated: clock().toISOString() };
      await trx.insertInto('company_sla_targets').values({ company_id: companyId, ...values })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
        .execute();
    },

    /**
     * What the clocks of these tickets read from their feeds, in one query: the status lines and the notes staff
     * wrote (with whether each is internal), oldest first.
     */
    async clockNotes(ticketIds: readonly number[]): Promise<Map<number, SlaNote[]>> {
      const notes = new Map<number, SlaNote[]>();
      if (ticketIds.length === 0) return notes;
      const rows = await db
        .selectFrom('activity as a')
        .leftJoin('contacts as c', 'c.contact_id', 'a.contact_id')
        .select(['a.ticket_id', 'a.date_created', 'a.source', 'a.internal', 'c.group_id'])
        // Only a status line's text is read (a list's hundreds of feeds: the notes' own text never leaves the database).
        .select(sql<string>`case when a.source = 'status' then a.note else '' end`.as('note'))
        .where('a.ticket_id', 'in', [...new Set(ticketIds)])
        .where((eb) => eb.or([eb('a.source', '=', 'status'), eb('c.group_id', '<>', GROUP_CLIENT)]))
        .orderBy('a.date_created')
        .orderBy('a.activity_id')
        .execute();
      for (const row of rows) {
        const list = notes.get(row.ticket_id) ?? [];
        list.push({
          date_created: row.date_created,
          note: row.source === 'status' ? row.note : '',
          source: row.source,
          by_staff: row.group_id !== null && row.group_id !== GROUP_CLIENT,
          internal: row.internal,
        });
        notes.set(row.ticket_id, list);
      }
      return notes;
    },
  };
}
