import type { PortalDb } from '../db/connect';

export type AppSecretRepository = ReturnType<typeof createAppSecretRepository>;

/** Keys the server makes for itself once and every process then shares (migration 0005). */
export function createAppSecretRepository(db: PortalDb) {
  return {
    /** The stored value of `name`; `make()` is stored first when there is none (the first writer wins). */
    async getOrCreate(name: string, make: () => string): Promise<string> {
      const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
      if (stored) return stored.value;
      await db
        .insertInto('app_secrets')
        .values({ name, value: make(), date_created: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
