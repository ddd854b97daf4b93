import { task } from '@portal/contract';
import { taskEndpoints as api } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, idParam, isNull, mock, nextId, notFound, nowIso, readBody } from './respond';

/** A ticket's task list: list, add (at the end), edit or tick off, delete. */
export function taskHandlers(db: PortalData) {
  return [
    mock(api.tasks, ({ params }) => answer(api.tasks, db.tasks.filter((t) => t.ticket_id === idParam(params)))),
    mock(api.createTask, async ({ request, params }) => {
      const read = await readBody(request, api.createTask);
      if (!read.ok) return read.answer;
      const ticketId = idParam(params);
      const created = task.parse({
        task_id: nextId(db.tasks, (t) => t.task_id), ticket_id: ticketId, instruction: read.body.instruction,
        sort_order: db.tasks.filter((t) => t.ticket_id === ticketId).length + 1, date_completed: null, date_created: nowIso(),
      });
      db.tasks.push(created);
      return answer(api.createTask, created);
    }),
    mock(api.updateTask, async ({ request, params }) => {
      const found = db.tasks.find((t) => t.task_id === idParam(params, 'task_id'));
      const read = await readBody(request, api.updateTask);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      if (read.body.instruction !== undefined) found.instruction = read.body.instruction;
      if (read.body.date_completed !== undefined) found.date_completed = isNull(read.body.date_completed) ? null : read.body.date_completed;
      return answer(api.updateTask, found);
    }),
    mock(api.deleteTask, ({ params }) => {
      const before = db.tasks.length;
      db.tasks = db.tasks.filter((t) => t.task_id !== idParam(params, 'task_id'));
      return before === db.tasks.length ? notFound() : answer(api.deleteTask, { deleted: 1 });
    }),
  ];
}
