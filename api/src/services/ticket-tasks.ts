import type { Task } from '@portal/contract';
import { MESSAGES, type Change } from '@portal/domain';
import { HttpError } from '../errors';
import type { ServiceContext, Written } from './service-context';

// A ticket's task list (docs/product/tickets.md#tasks). The caller has read and authorized the
// ticket; the changes are answered for it to publish.

type TicketRef = { ticket_id: number; company_id: number };

const tasksChanged = (ticket: TicketRef): Change => ({ kind: 'tasks', ticketId: ticket.ticket_id, companyId: ticket.company_id });

/** Tasks appended at the end of the list: its end is read on the transaction that appends. */
export async function addTasks(ctx: ServiceContext, ticket: TicketRef, instructions: readonly string[]): Promise<Written<Task[]>> {
  const created = await ctx.db.transaction().execute((trx) => ctx.repos.tasks.create(trx, ticket.ticket_id, instructions));
  return { result: created, changes: [tasksChanged(ticket)] };
}

/** Ticks a task off, unticks it or rewords it; 404 when it is gone. */
export async function updateTask(
  ctx: ServiceContext,
  ticket: TicketRef,
  taskId: number,
  patch: { instruction?: string; date_completed?: string | null },
): Promise<Written<Task>> {
  const updated = await ctx.repos.tasks.update(taskId, patch);
  if (!updated) throw new HttpError(404, MESSAGES.noResultsFound);
  return { result: updated, changes: [tasksChanged(ticket)] };
}

/** Deletes a task; answers the number of rows deleted. */
export async function deleteTask(ctx: ServiceContext, ticket: TicketRef, taskId: number): Promise<Written<number>> {
  return { result: await ctx.repos.tasks.delete(taskId), changes: [tasksChanged(ticket)] };
}
