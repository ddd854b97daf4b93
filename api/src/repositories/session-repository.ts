import type { PortalDb } from '../db/connect';

export interface SessionViewerRow {
  session_id: number;
  contact_id: number;
  group_id: number;
  last_seen: string;
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: PortalDb) {
  return {
    /** A new session, on `trx`: the sign-in's transaction, which also writes its audit entry. */
    async create(trx: PortalDb, contactId: number, tokenHash: string, now: Date, expires: Date): Promise<void> {
      await trx
        .insertInto('sessions')
        .values({ token_hash: tokenHash, contact_id: contactId, date_created: now.toISOString(), last_seen: now.toISOString(), expires: expires.toISOString() })
        .execute();
    },

    /**
     * One indexed lookup per request: the session joined to its still-active contact, while it is
     * neither past its absolute end nor unused since `idleSince`.
     */
    async findViewer(tokenHash: string, now: Date, idleSince: Date): Promise<SessionViewerRow | undefined> {
      return db
        .selectFrom('sessions as s')
        .innerJoin('contacts as c', 'c.contact_id', 's.contact_id')
        .select(['s.session_id', 'c.contact_id', 'c.group_id', 's.last_seen'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires', '>', now.toISOString())
        .where('s.last_seen', '>', idleSince.toISOString())
        .where('c.active', '=', 1)
        .executeTakeFirst();
    },

    /** Marks the session used at `now`, unless it already was since `unlessSince` (another process, another request). */
    async touch(sessionId: number, now: Date, unlessSince: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen: now.toISOString() })
        .where('session_id', '=', sessionId)
        .where('last_seen', '<=', unlessSince.toISOString())
        .execute();
    },

    async deleteByTokenHash(tokenHash: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Sessions past their absolute end or idle since `idleSince`. */
    async deleteExpired(now: Date, idleSince: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires', '<=', now.toISOString()), eb('last_seen', '<=', idleSince.toISOString())]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
