import type { TicketTime, TimeEntry } from '@portal/contract';
import type { PortalDb } from '../db/connect';

export type TimeRepository = ReturnType<typeof createTimeRepository>;

const ENTRY_COLUMNS = ['time_id', 'ticket_id', 'contact_id', 'contact_name', 'time', 'description', 'date'] as const;

export interface NewTimeEntry {
  ticket_id: number;
  contact_id: number;
  time: number;
  description: string;
  /** Snapshots taken when logging: deleting the company or contact never changes billed history. */
  company_id: number;
  company_name: string | null;
  contact_name: string | null;
  pay_rate: number | null;
}

export function createTimeRepository(db: PortalDb) {
  async function totalForTicket(ticketId: number): Promise<number> {
    const row = await db
      .selectFrom('time_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('time'), eb.lit(0)).as('total'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  return {
    totalForTicket,

    /** Newest first; the total is summed from the same rows (one indexed read). */
    async listForTicket(ticketId: number): Promise<TicketTime> {
      const entries: TimeEntry[] = await db
        .selectFrom('time_entries')
        .select([...ENTRY_COLUMNS])
        .where('ticket_id', '=', ticketId)
        .orderBy('date', 'desc')
        .orderBy('time_id', 'desc')
        .execute();
      return { total_time: entries.reduce((sum, entry) => sum + entry.time, 0), entries };
    },

    async create(input: NewTimeEntry): Promise<TimeEntry> {
      const now = new Date().toISOString();
      return db
        .insertInto('time_entries')
        .values({ ...input, date: now, date_created: now })
        .returning([...ENTRY_COLUMNS])
        .executeTakeFirstOrThrow();
    },
  };
}
