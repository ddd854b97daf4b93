import { http } from 'msw';
import { deletedAnswer, task, taskCreate, taskUpdate } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, idParam, isNull, nextId, notFound, nowIso, readBody, reply } from './respond';

/** A ticket's task list: list, add (at the end), edit or tick off, delete. */
export function taskHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/ticket/:id/tasks'), ({ params }) => reply(task.array(), db.tasks.filter((t) => t.ticket_id === idParam(params)))),
    http.post(apiRoute('/ticket/:id/tasks'), async ({ request, params }) => {
      const read = await readBody(request, taskCreate);
      if (!read.ok) return read.answer;
      const ticketId = idParam(params);
      const created = task.parse({
        task_id: nextId(db.tasks, (t) => t.task_id), ticket_id: ticketId, instruction: read.body.instruction,
        sort_order: db.tasks.filter((t) => t.ticket_id === ticketId).length + 1, date_completed: null, date_created: nowIso(),
      });
      db.tasks.push(created);
      return reply(task, created, 201);
    }),
    http.put(apiRoute('/ticket/:id/tasks/:task_id'), async ({ request, params }) => {
      const found = db.tasks.find((t) => t.task_id === idParam(params, 'task_id'));
      const read = await readBody(request, taskUpdate);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      if (read.body.instruction !== undefined) found.instruction = read.body.instruction;
      if (read.body.date_completed !== undefined) found.date_completed = isNull(read.body.date_completed) ? null : read.body.date_completed;
      return reply(task, found);
    }),
    http.delete(apiRoute('/ticket/:id/tasks/:task_id'), ({ params }) => {
      const before = db.tasks.length;
      db.tasks = db.tasks.filter((t) => t.task_id !== idParam(params, 'task_id'));
      return before === db.tasks.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),
  ];
}
