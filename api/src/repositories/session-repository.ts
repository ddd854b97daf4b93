import type { PortalDb } from '../db/connect';
import { prepared } from '../db/prepared';

export interface SessionViewerRow {
  session_id: number;
  contact_id: number;
  group_id: number;
  last_seen: string;
  expires: string;
}

export interface SessionListRow {
  session_id: number;
  token_hash: string;
  user_agent: string | null;
  address: string | null;
  date_created: string;
  last_seen: string;
}

/** Session ids per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const TOUCH_CHUNK = 500;

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: PortalDb) {
  // Read by every request whose session this process does not hold: built once (db/prepared.ts).
  const viewerOf = prepared<'tokenHash' | 'now' | 'idleSince', SessionViewerRow>(db, (value) => db
    .selectFrom('sessions as s')
    .innerJoin('contacts as c', 'c.contact_id', 's.contact_id')
    .select(['s.session_id', 'c.contact_id', 'c.group_id', 's.last_seen', 's.expires'])
    .where('s.token_hash', '=', value('tokenHash'))
    .where('s.expires', '>', value('now'))
    .where('s.last_seen', '>', value('idleSince'))
    .where('c.active', '=', 1));
  return {
    /** A new session, on `trx`: the sign-in's transaction, which also writes its audit entry. */
    async create(
      trx: PortalDb, contactId: number, tokenHash: string, now: Date, expires: Date, client: { userAgent: string | null; address: string | null } = { userAgent: null, address: null },
    ): Promise<void> {
      await trx
        .insertInto('sessions')
        .values({
          token_hash: tokenHash, contact_id: contactId, date_created: now.toISOString(), last_seen: now.toISOString(), expires: expires.toISOString(),
          user_agent: client.userAgent, address: client.address,
          // A sign-in is the password or a factor just given (docs/product/accounts-and-roles.md#sensitive-changes).
          stepped_up_at: now.toISOString(),
        })
        .execute();
    },

    /** The contact's live sessions (docs/product/accounts-and-roles.md#account-security), most recently used first. */
    async listOf(contactId: number, now: Date, idleSince: Date): Promise<SessionListRow[]> {
      return db
        .selectFrom('sessions')
        .select(['session_id', 'token_hash', 'user_agent', 'address', 'date_created', 'last_seen'])
        .where('contact_id', '=', contactId)
        .where('expires', '>', now.toISOString())
        .where('last_seen', '>', idleSince.toISOString())
        .orderBy('last_seen', 'desc')
        .orderBy('session_id', 'desc')
        .execute();
    },

    /** Ends one session of the contact's (another contact's id ends nothing): false when there was none. */
    async deleteOwn(trx: PortalDb, contactId: number, sessionId: number): Promise<boolean> {
      const result = await trx.deleteFrom('sessions').where('session_id', '=', sessionId).where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Ends every session of the contact but `keepTokenHash` (none: all of them); answers how many ended. */
    async deleteAllOf(trx: PortalDb, contactId: number, keepTokenHash?: string): Promise<number> {
      let query = trx.deleteFrom('sessions').where('contact_id', '=', contactId);
      if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * One indexed lookup per request: the session joined to its still-active contact, while it is
     * neither past its absolute end nor unused since `idleSince`.
     */
    async findViewer(tokenHash: string, now: Date, idleSince: Date): Promise<SessionViewerRow | undefined> {
      return (await viewerOf({ tokenHash, now: now.toISOString(), idleSince: idleSince.toISOString() }))[0];
    },

    /**
     * Marks the sessions used at `now`, each unless it already was since `unlessSince` (another process,
     * another request): one transaction, so one commit (one sync to disk) for them all.
     */
    async touch(sessionIds: readonly number[], now: Date, unlessSince: Date): Promise<void> {
      if (sessionIds.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < sessionIds.length; start += TOUCH_CHUNK) {
          await trx
            .updateTable('sessions')
            .set({ last_seen: now.toISOString() })
            .where('session_id', 'in', sessionIds.slice(start, start + TOUCH_CHUNK))
            .where('last_seen', '<=', unlessSince.toISOString())
            .execute();
        }
      });
    },

    /**
     * When the session's owner last gave the password or a factor (null: never, or no such session). Read
     * from the database on each sensitive change, never from a process's memory: a confirmation another
     * process took counts at once (docs/product/accounts-and-roles.md#sensitive-changes).
     */
    async steppedUpAt(tokenHash: string): Promise<string | null> {
      const row = await db.selectFrom('sessions').select('stepped_up_at').where('token_hash', '=', tokenHash).executeTakeFirst();
      return row?.stepped_up_at ?? null;
    },

    /** The password or a factor given again on this session: false when the session is gone. */
    async markSteppedUp(tokenHash: string, now: Date): Promise<boolean> {
      const result = await db.updateTable('sessions').set({ stepped_up_at: now.toISOString() }).where('token_hash', '=', tokenHash).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
