import type { Activity } from '@portal/contract';
import type { PortalDb } from '../db/connect';

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

export function createActivityRepository(db: PortalDb) {
  return {
    /** Newest first, from the activity(ticket_id) index; polled by every open ticket page. */
    async listForTicket(ticketId: number): Promise<Activity[]> {
      return db
        .selectFrom('activity')
        .select(['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created'])
        .where('ticket_id', '=', ticketId)
        .orderBy('date_created', 'desc')
        .orderBy('activity_id', 'desc')
        .execute();
    },

    async create(input: { ticket_id: number; contact_id: number | null; contact_name: string | null; note: string }): Promise<Activity> {
      return db
        .insertInto('activity')
        .values({ ...input, date_created: new Date().toISOString() })
        .returning(['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created'])
        .executeTakeFirstOrThrow();
    },

    async findById(activityId: number): Promise<Activity | undefined> {
      return db
        .selectFrom('activity')
        .select(['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created'])
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
    },

    async delete(activityId: number): Promise<number> {
      const result = await db.deleteFrom('activity').where('activity_id', '=', activityId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
