import type { Activity } from '@portal/contract';
import { sql } from 'kysely';
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
  /** An internal note (docs/product/tickets.md#internal-notes); absent: public. */
  internal?: boolean;
}

const ACTIVITY_COLUMNS = ['activity_id', 'ticket_id', 'contact_id', 'contact_name', 'note', 'date_created', 'source', 'internal'] as const;

type ActivityRow = Omit<Activity, 'internal'> & { internal: number };

const toActivity = ({ internal, ...row }: ActivityRow): Activity => ({ ...row, internal: internal === 1 });
const toRow = ({ internal, ...row }: NewActivity & { date_created: string }) => ({ ...row, internal: internal ? 1 : 0 });

/** Which notes a read may answer: every note (staff), or the public ones only (docs/product/tickets.md#internal-notes). */
export interface NoteReach {
  internal: boolean;
}

export function createActivityRepository(db: PortalDb, clock: () => Date) {
  async function add(trx: PortalDb, row: NewActivity & { date_created: string }): Promise<Activity> {
    return toActivity(await trx.insertInto('activity').values(toRow(row)).returning([...ACTIVITY_COLUMNS]).executeTakeFirstOrThrow());
  }

  return {
    /**
     * Newest first, a page at a time (docs/product/tickets.md#activity-notes) on the
     * activity(ticket_id, date_created, activity_id) index; polled by every open ticket page. `before`:
     * only notes older than that position; `from`: only that position and newer. Without `limit`, all.
     * `reach`: internal notes too (staff), or the public ones only (the default).
     */
    async listForTicket(ticketId: number, page: { before?: string; from?: string; limit?: number } = {}, reach: NoteReach = { internal: false }): Promise<Activity[]> {
      const { limit } = page;
      const before = activityPositionOf(page.before);
      const from = activityPositionOf(page.from);
      const rows = await db
        .selectFrom('activity')
        .select([...ACTIVITY_COLUMNS])
        .where('ticket_id', '=', ticketId)
        .$if(!reach.internal, (q) => q.where('internal', '=', 0))
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
      return rows.map(toActivity);
    },

    /** Lines written with another change (status lines), on that change's transaction. */
    async addMany(trx: PortalDb, rows: readonly (NewActivity & { date_created: string })[]): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto('activity').values(rows.map(toRow)).execute();
    },

    /** A note on its own, dated now: one statement. */
    async create(input: NewActivity): Promise<Activity> {
      return add(db, { ...input, date_created: clock().toISOString() });
    },

    /** A note written with another change (a new ticket's first note), on that change's transaction. */
    add,

    async findById(activityId: number): Promise<Activity | undefined> {
      const row = await db
        .selectFrom('activity')
        .select([...ACTIVITY_COLUMNS])
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      return row && toActivity(row);
    },

    /** Whether `ticketId` has an internal note of exactly these (trimmed) words: the note a mail would pass on. */
    async hasInternalNote(ticketId: number, note: string): Promise<boolean> {
      const row = await db
        .selectFrom('activity')
        .select('activity_id')
        .where('ticket_id', '=', ticketId)
        .where('internal', '=', 1)
        .where(sql<string>`trim(note)`, '=', note.trim())
        .executeTakeFirst();
      return row !== undefined;
    },

    async delete(activityId: number): Promise<number> {
      const result = await db.deleteFrom('activity').where('activity_id', '=', activityId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
