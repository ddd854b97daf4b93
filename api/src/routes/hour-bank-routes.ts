import { hourBankEndpoints as api } from '@portal/contract/endpoints';
import { HOUR_BANK_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import {
  askOverageApproval, decideOverageApproval, readHourBank, readOverageApproval, saveHourBank,
} from '../services/hour-bank';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/** Hour banks (docs/product/hour-banks.md): a company's plan hours, its settings, and approval beyond the plan on a ticket. */
export async function hourBankRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.hourBank,
    {
      tags: ['hour-banks'],
      summary: "A company's plan hours of a month (this month by default) with what they were spent on (staff, the company's primary contacts)",
      errors: [400, 401, 403],
      // Time and company writes drop it (the key is among a company's totals); its month turns with the clock.
      config: { pollCache: 'month' },
    },
    async (request) => readHourBank(serviceContext(app, request), requireViewer(request.viewer), request.params.id, request.query.month),
  );

  endpointRoute(
    app,
    api.updateHourBank,
    {
      tags: ['hour-banks'],
      summary: "Turn a company's plan hours on or off, set its included hours (null: from the plan's price) and roll-over cap (admins)",
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: HOUR_BANK_MESSAGES.invalidBank },
    },
    async (request) => {
      const { body } = request;
      const { result, changes } = await saveHourBank(serviceContext(app, request), requireViewer(request.viewer), auditActor(request), request.params.id, {
        enabled: body.enabled, included_units: body.included_hours, rollover_cap_units: body.rollover_cap_hours,
      });
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.overageApproval,
    {
      tags: ['hour-banks'],
      summary: "A ticket's latest request to work beyond the plan hours and its answer (staff, the company's primary contacts)",
      errors: [401, 403, 404],
    },
    async (request) => readOverageApproval(serviceContext(app, request), requireViewer(request.viewer), request.params.id),
  );

  endpointRoute(
    app,
    api.askOverageApproval,
    {
      tags: ['hour-banks'],
      summary: 'Ask the client to approve hours beyond the plan on a ticket (staff); 409 while one waits or without plan hours',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: HOUR_BANK_MESSAGES.invalidApproval },
    },
    async (request, reply) => {
      const { result, changes } = await askOverageApproval(
        serviceContext(app, request), requireViewer(request.viewer), auditActor(request), request.params.id, request.body.hours,
      );
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  for (const [endpoint, decision] of [[api.approveOverage, 'approved'], [api.declineOverage, 'declined']] as const) {
    endpointRoute(
      app,
      endpoint,
      {
        tags: ['hour-banks'],
        summary: `${decision === 'approved' ? 'Approve' : 'Decline'} the hours beyond the plan a ticket waits for (the company's primary contacts)`,
        errors: [401, 403, 404],
      },
      async (request) => {
        const { result, changes } = await decideOverageApproval(serviceContext(app, request), requireViewer(request.viewer), auditActor(request), request.params.id, decision);
        await app.events.publish(...changes);
        return result;
      },
    );
  }
}
