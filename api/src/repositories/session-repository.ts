import type { PortalDb } from '../db/connect';

export interface SessionViewerRow {
  contact_id: number;
  group_id: number;
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: PortalDb) {
  return {
    async create(contactId: number, tokenHash: string, expires: Date): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ token_hash: tokenHash, contact_id: contactId, date_created: new Date().toISOString(), expires: expires.toISOString() })
        .execute();
    },

    /** One indexed lookup per request: the live session joined to its still-active contact. */
    async findViewer(tokenHash: string, now: Date): Promise<SessionViewerRow | undefined> {
      return db
        .selectFrom('sessions as s')
        .innerJoin('contacts as c', 'c.contact_id', 's.contact_id')
        .select(['c.contact_id', 'c.group_id'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires', '>', now.toISOString())
        .where('c.active', '=', 1)
        .executeTakeFirst();
    },

    async deleteByTokenHash(tokenHash: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
