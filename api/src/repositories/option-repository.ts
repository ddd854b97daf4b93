import type { PortalDb } from '../db/connect';

export type OptionRepository = ReturnType<typeof createOptionRepository>;

export function createOptionRepository(db: PortalDb) {
  async function get(name: string): Promise<unknown | undefined> {
    const row = await db.selectFrom('options').select('option_value').where('option_name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    try {
      return JSON.parse(row.option_value) as unknown;
    } catch {
      return undefined;
    }
  }

  return {
    get,

    async save(name: string, value: unknown): Promise<void> {
      const optionValue = JSON.stringify(value);
      const now = new Date().toISOString();
      await db
        .insertInto('options')
        .values({ option_name: name, option_value: optionValue, date_updated: now })
        .onConflict((oc) => oc.column('option_name').doUpdateSet({ option_value: optionValue, date_updated: now }))
        .execute();
    },

    /** Inserts the options that are missing; never overwrites what an admin saved. */
    async ensureDefaults(defaults: Record<string, unknown>): Promise<void> {
      const now = new Date().toISOString();
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
