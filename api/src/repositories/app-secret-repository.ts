import type { PortalDb } from '../db/connect';

export type AppSecretRepository = ReturnType<typeof createAppSecretRepository>;

/** Keys the server makes for itself once and every process then shares (migration 0005). */
export function createAppSecretRepository(db: PortalDb, clock: () => Date) {
  return {
    /** The stored value of `name`; `value` is stored first when there is none (the first writer wins, and every caller gets its value). */
    async getOrCreate(name: string, value: string): Promise<string> {
      const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
      if (stored) return stored.value;
      await db
        .insertInto('app_secrets')
        .values({ name, value, date_created: clock().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
