import type { Activity } from '@portal/contract';
import type { PortalDb } from '../db/connect';

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

export interface NewActivity {
  ticket_id: number;
  contact_id: number | null;
  contact_name: string | null;
  note: string;
  /** 'mail': it came by e-mail (mail in); absent: written in the portal. */
  source?: 'mail' | null;
}

const ACTIVITY_COLUMNS = ['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created', 'source'] as const;

export function createActivityRepository(db: PortalDb) {
  async function add(trx: PortalDb, row: NewActivity & { date_created: string }): Promise<Activity> {
    return trx.insertInto('activity').values(row).returning([...ACTIVITY_COLUMNS]).executeTakeFirstOrThrow();
  }

  return {
    /** Newest first, from the activity(ticket_id) index; polled by every open ticket page. */
    async listForTicket(ticketId: number): Promise<Activity[]> {
      return db
        .selectFrom('activity')
        .select([...ACTIVITY_COLUMNS])
        .where('ticket_id', '=', ticketId)
        .orderBy('date_created', 'desc')
        .orderBy('activity_id', 'desc')
        .execute();
    },

    /** A note on its own, dated now: one statement. */
    async create(input: NewActivity): Promise<Activity> {
      return add(db, { ...input, date_created: new Date().toISOString() });
    },

    /** A note written with another change (a new ticket's first note), on that change's transaction. */
    add,

    async findById(activityId: number): Promise<Activity | undefined> {
      return db
        .selectFrom('activity')
        .select([...ACTIVITY_COLUMNS])
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
    },

    async delete(activityId: number): Promise<number> {
      const result = await db.deleteFrom('activity').where('activity_id', '=', activityId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
