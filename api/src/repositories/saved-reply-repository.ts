import type { SavedReply } from '@portal/contract';
import type { SavedReplyContext } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';

export type SavedReplyRepository = ReturnType<typeof createSavedReplyRepository>;

const COLUMNS = ['id', 'title', 'body', 'owner_id', 'usage_count', 'date_created', 'date_updated'] as const;

/** Saved replies (docs/product/saved-replies.md): shared ones have no owner. */
export function createSavedReplyRepository(db: PortalDb, clock: () => Date) {
  return {
    /** The shared ones and `ownerId`'s own, by title. */
    async listFor(ownerId: number): Promise<SavedReply[]> {
      return db
        .selectFrom('saved_replies')
        .select([...COLUMNS])
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', ownerId)]))
        .orderBy('title')
        .orderBy('id')
        .execute();
    },

    async findById(id: number): Promise<SavedReply | undefined> {
      return db.selectFrom('saved_replies').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
    },

    async create(reply: { title: string; body: string; owner_id: number | null }): Promise<SavedReply> {
      const now = clock().toISOString();
      return db
        .insertInto('saved_replies')
        .values({ ...reply, usage_count: 0, date_created: now, date_updated: now })
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
    },

    async update(id: number, changes: { title: string; body: string }): Promise<SavedReply | undefined> {
      await db.updateTable('saved_replies').set({ ...changes, date_updated: clock().toISOString() }).where('id', '=', id).execute();
      return db.selectFrom('saved_replies').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
    },

    async delete(id: number): Promise<number> {
      const result = await db.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** What the tokens are filled from: the ticket, its requester (the client) and the agent; undefined without the ticket or the agent. */
    async tokenContext(ticketId: number, agentId: number): Promise<SavedReplyContext | undefined> {
      const ticket = await db
        .selectFrom('tickets as t')
        .innerJoin('companies as c', 'c.company_id', 't.company_id')
        .leftJoin('contacts as rq', 'rq.contact_id', 't.contact_id')
        .select(['t.ticket_id', 't.title', 'c.name as company_name', 'rq.first_name as client_first', 'rq.last_name as client_last'])
        .where('t.ticket_id', '=', ticketId)
        .executeTakeFirst();
      const agent = await db.selectFrom('contacts').select(['first_name', 'last_name']).where('contact_id', '=', agentId).executeTakeFirst();
      if (!ticket || !agent) return undefined;
      const { client_first, client_last, ...rest } = ticket;
      return { ticket: rest, client: client_first === null ? null : { first_name: client_first, last_name: client_last ?? '' }, agent };
    },

    /** One more use, added by the database (two processes inserting at once both count); the new count. */
    async countUse(id: number): Promise<number | undefined> {
      await db.updateTable('saved_replies').set({ usage_count: sql<number>`usage_count + 1` }).where('id', '=', id).execute();
      const row = await db.selectFrom('saved_replies').select('usage_count').where('id', '=', id).executeTakeFirst();
      return row?.usage_count;
    },
  };
}
