import type { PortalDb } from '../db/connect';
import { prepared } from '../db/prepared';

export type OptionRepository = ReturnType<typeof createOptionRepository>;

export function createOptionRepository(db: PortalDb, clock: () => Date) {
  // Staff requests read the security policy whenever their session is read: built once (db/prepared.ts).
  const valueOf = prepared<'name', { option_value: string }>(db, (value) => db.selectFrom('options').select('option_value').where('option_name', '=', value('name')));
  async function get(name: string): Promise<unknown | undefined> {
    const [row] = await valueOf({ name });
    if (!row) return undefined;
    try {
      return JSON.parse(row.option_value) as unknown;
    } catch {
      return undefined;
    }
  }

  const countBy = async (table: 'contacts' | 'companies' | 'tickets', column: 'group_id' | 'mode' | 'status_id' | 'priority_id' | 'type_id') => {
    const rows = await db
      .selectFrom(table as 'tickets')
      .select((eb) => [eb.ref(column as 'status_id').as('id'), eb.fn.countAll<number>().as('count')])
      .groupBy(column as 'status_id')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), count: Number(row.count) }));
  };

  return {
    get,

    /** How many rows use each id of a default list's column (rows with an id; an unused id is absent). */
    async usageCounts(name: 'group-defaults' | 'mode-defaults' | 'priority-defaults' | 'type-defaults' | 'status-defaults') {
      switch (name) {
        case 'group-defaults': return countBy('contacts', 'group_id');
        case 'mode-defaults': return countBy('companies', 'mode');
        case 'priority-defaults': return countBy('tickets', 'priority_id');
        case 'type-defaults': return countBy('tickets', 'type_id');
        case 'status-defaults': return countBy('tickets', 'status_id');
      }
    },

    /** Every company's services meta, as stored ('1,3'). */
    async companyServiceValues(): Promise<(string | null)[]> {
      const rows = await db.selectFrom('company_meta').select('meta_value').where('meta_key', '=', 'services').execute();
      return rows.map((row) => row.meta_value);
    },

    /** An option's stored value as JSON text (null when unset); pass the transaction of a save to read what it replaces. */
    async storedValue(name: string, executor: PortalDb = db): Promise<string | null> {
      const row = await executor.selectFrom('options').select('option_value').where('option_name', '=', name).executeTakeFirst();
      return row?.option_value ?? null;
    },

    /** Saves an option on the caller's transaction (a lone save may pass the database). */
    async save(trx: PortalDb, name: string, value: unknown): Promise<void> {
      const optionValue = JSON.stringify(value);
      const now = clock().toISOString();
      await trx
        .insertInto('options')
        .values({ option_name: name, option_value: optionValue, date_updated: now })
        .onConflict((oc) => oc.column('option_name').doUpdateSet({ option_value: optionValue, date_updated: now }))
        .execute();
    },

    /** Inserts the options that are missing; never overwrites what an admin saved. */
    async ensureDefaults(defaults: Record<string, unknown>): Promise<void> {
      const now = clock().toISOString();
      for (const [name, value] of Object.entries(defaults)) {
        await db
          .insertInto('options')
          .values({ option_name: name, option_value: JSON.stringify(value), date_updated: now })
          .onConflict((oc) => oc.column('option_name').doNothing())
          .execute();
      }
    },
  };
}
