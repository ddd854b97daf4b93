import type { Task } from '@portal/contract';
import type { PortalDb } from '../db/connect';

export type TaskRepository = ReturnType<typeof createTaskRepository>;

const TASK_COLUMNS = ['task_id', 'ticket_id', 'instruction', 'sort_order', 'date_completed', 'date_created'] as const;

export function createTaskRepository(db: PortalDb, clock: () => Date) {
  return {
    /** In checklist order, from the tasks(ticket_id) index; polled every second. */
    async listForTicket(ticketId: number): Promise<Task[]> {
      return db
        .selectFrom('tasks')
        .select([...TASK_COLUMNS])
        .where('ticket_id', '=', ticketId)
        .orderBy('sort_order')
        .orderBy('task_id')
        .execute();
    },

    async findById(taskId: number): Promise<Task | undefined> {
      return db.selectFrom('tasks').select([...TASK_COLUMNS]).where('task_id', '=', taskId).executeTakeFirst();
    },

    /** Appended at the end of the checklist; the end is read on `trx`, the transaction that appends. */
    async create(trx: PortalDb, ticketId: number, instructions: readonly string[]): Promise<Task[]> {
      if (instructions.length === 0) return [];
      const last = await trx
        .selectFrom('tasks')
        .select((eb) => eb.fn.max<number>('sort_order').as('max'))
        .where('ticket_id', '=', ticketId)
        .executeTakeFirst();
      const start = (last?.max ?? -1) + 1;
      const now = clock().toISOString();
      return trx
        .insertInto('tasks')
        .values(instructions.map((instruction, index) => ({ ticket_id: ticketId, instruction, sort_order: start + index, date_completed: null, date_created: now })))
        .returning([...TASK_COLUMNS])
        .execute();
    },

    async update(taskId: number, patch: { instruction?: string; date_completed?: string | null }): Promise<Task | undefined> {
      if (Object.keys(patch).length > 0) await db.updateTable('tasks').set(patch).where('task_id', '=', taskId).execute();
      return db.selectFrom('tasks').select([...TASK_COLUMNS]).where('task_id', '=', taskId).executeTakeFirst();
    },

    async delete(taskId: number): Promise<number> {
      const result = await db.deleteFrom('tasks').where('task_id', '=', taskId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
