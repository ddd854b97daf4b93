import { timerEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canUseTimer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { serviceContext } from '../services/service-context';
import { discardTimer, pauseTimer, readTimer, resumeTimer, startTimer, stopTimer } from '../services/timers';
import { endpointRoute } from './endpoint-route';

/** Timers (docs/product/time-and-billing.md#timers): each staff member's own, kept by the server; clients are refused. */
export async function timerRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.timer,
    { tags: ['time'], summary: "The caller's timer: its ticket, when it started, the time it has run and whether it is paused (staff)", errors: [401, 403] },
    async (request) => readTimer(serviceContext(app, request), authorize(request.viewer, canUseTimer)),
  );

  endpointRoute(
    app,
    api.startTimer,
    {
      tags: ['time'],
      summary: 'Start the caller\'s timer on a ticket; 409 while one runs on another ticket unless `replace` (which logs that one\'s time first) (staff)',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseTimer);
      const { result, changes } = await startTimer(serviceContext(app, request), viewer, request.body);
      await app.events.publish(...changes);
      return result;
    },
  );

  for (const [endpoint, change, summary] of [
    [api.pauseTimer, pauseTimer, "Pause the caller's timer: paused time does not count (staff)"],
    [api.resumeTimer, resumeTimer, "Run the caller's paused timer again (staff)"],
    [api.discardTimer, discardTimer, "Remove the caller's timer without logging its time (staff)"],
  ] as const) {
    endpointRoute(app, endpoint, { tags: ['time'], summary, errors: [401, 403, 404] }, async (request) => {
      const viewer = authorize(request.viewer, canUseTimer);
      const { result, changes } = await change(serviceContext(app, request), viewer);
      await app.events.publish(...changes);
      return result;
    });
  }

  endpointRoute(
    app,
    api.stopTimer,
    {
      tags: ['time'],
      summary: "Stop the caller's timer: its time, rounded up to 6-minute units, is logged on its ticket with the description (staff)",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canUseTimer);
      const { result, changes } = await stopTimer(serviceContext(app, request), viewer, request.body.description);
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );
}
