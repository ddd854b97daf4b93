import type { Activity } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import { activityPositionOf } from './cursor';

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

export interface NewActivity {
  ticket_id: number;
  contact_id: number | null;
  contact_name: string | null;
  note: string;
  /** 'mail': it came by e-mail (mail in); 'status': a status line; absent: written in the portal. */
  source?: 'mail' | 'status' | null;
}

const ACTIVITY_COLUMNS = ['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created', 'source'] as const;

export function createActivityRepository(db: PortalDb, clock: () => Date) {
  async function add(trx: PortalDb, row: NewActivity & { date_created: string }): Promise<Activity> {
    return trx.insertInto('activity').values(row).returning([...ACTIVITY_COLUMNS]).executeTakeFirstOrThrow();
  }

  return {
    /**
     * Newest first, a page at a time (docs/product/tickets.md#activity-notes) on the
     * activity(ticket_id, date_created, activity_id) index; polled by every open ticket page. `before`:
     * only notes older than that position; `from`: only that position and newer. Without `limit`, all.
     */
    async listForTicket(ticketId: number, page: { before?: string; from?: string; limit?: number } = {}): Promise<Activity[]> {
      const { limit } = page;
      const before = activityPositionOf(page.before);
      const from = activityPositionOf(page.from);
      return db
        .selectFrom('activity')
        .select([...ACTIVITY_COLUMNS])
        .where('ticket_id', '=', ticketId)
        .$if(before !== undefined, (q) => q.where((eb) => eb.or([
          eb('date_created', '<', before!.date_created),
          eb.and([eb('date_created', '=', before!.date_created), eb('activity_id', '<', before!.activity_id)]),
        ])))
        .$if(from !== undefined, (q) => q.where((eb) => eb.or([
          eb('date_created', '>', from!.date_created),
          eb.and([eb('date_created', '=', from!.date_created), eb('activity_id', '>=', from!.activity_id)]),
        ])))
        .orderBy('date_created', 'desc')
        .orderBy('activity_id', 'desc')
        .$if(limit !== undefined, (q) => q.limit(limit!))
        .execute();
    },

    /** Lines written with another change (status lines), on that change's transaction. */
    async addMany(trx: PortalDb, rows: readonly (NewActivity & { date_created: string })[]): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto('activity').values([...rows]).execute();
    },

    /** A note on its own, dated now: one statement. */
    async create(input: NewActivity): Promise<Activity> {
      return add(db, { ...input, date_created: clock().toISOString() });
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
