import { taskEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canEditTasks, type Viewer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { addTasks, deleteTask, updateTask } from '../services/ticket-tasks';
import { endpointRoute } from './endpoint-route';
import { ticketForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  async function taskOfTicket(viewer: Viewer, ticketId: number, taskId: number) {
    const ticket = await ticketForViewer(app, viewer, ticketId);
    authorize(viewer, canEditTasks);
    const existing = await repos.tasks.findById(taskId);
    if (!existing || existing.ticket_id !== ticketId) throw new HttpError(404, MESSAGES.noResultsFound);
    return { ticket, existing };
  }

  endpointRoute(
    app,
    api.tasks,
    {
      tags: ['tasks'],
      summary: "A ticket's task list in order (anyone who may see the ticket); polled every second",
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await ticketForViewer(app, viewer, request.params.id);
      return repos.tasks.listForTicket(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.createTask,
    {
      tags: ['tasks'],
      summary: 'Add a task at the end of the list (staff)',
      errors: [400, 401, 403, 404],
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const ticket = await ticketForViewer(app, viewer, request.params.id);
      authorize(viewer, canEditTasks);
      const { result, changes } = await addTasks(serviceContext(app, request), ticket, [request.body.instruction]);
      await app.events.publish(...changes);
      return reply.code(201).send(result[0]!);
    },
  );

  endpointRoute(
    app,
    api.updateTask,
    {
      tags: ['tasks'],
      summary: "Tick a task off (date_completed ISO), untick it (null or 'null') or reword it (staff)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const { ticket, existing } = await taskOfTicket(viewer, request.params.id, request.params.task_id);
      const { result, changes } = await updateTask(serviceContext(app, request), ticket, existing.task_id, request.body);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.deleteTask,
    {
      tags: ['tasks'],
      summary: 'Delete a task (staff)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const { ticket, existing } = await taskOfTicket(viewer, request.params.id, request.params.task_id);
      const { result, changes } = await deleteTask(serviceContext(app, request), ticket, existing.task_id);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
