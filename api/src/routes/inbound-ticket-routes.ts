import { inboundEndpoints as api } from '@portal/contract/endpoints';
import { INBOUND_MESSAGES } from '@portal/domain';
import { inboundTicketAnswer } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { inboundGrant, openInboundTicket } from '../services/inbound-tickets';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';
import { timeZoneOf } from './route-helpers';

/** A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): a monitor or script opens a ticket with an API token. */
export async function inboundTicketRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.inboundTicket,
    {
      tags: ['tickets'],
      summary: 'Open a ticket with an API token (inbound or read-write access); idempotent by the caller\'s key per company',
      description: 'Bearer token only. A new key opens a ticket (201, created true) as the token\'s owner, as the new-ticket form does; '
        + 'the key of a ticket still open adds the request as a public note to it (200, created false, note_id); the key of a closed '
        + 'ticket opens a new one. company_id may be left out when the token names a company or its owner is a client of one company. '
        + 'priority and type are names (any case) or ids; Medium and Incident/Bug when absent.',
      errors: [400, 401, 403, 429],
      otherAnswers: { 200: inboundTicketAnswer },
      config: { invalidInputMessage: INBOUND_MESSAGES.invalid },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const grant = inboundGrant(request.apiToken);
      const { result, changes } = await openInboundTicket(serviceContext(app, request), viewer, grant, {
        body: request.body, timeZone: timeZoneOf(app, undefined), actor: auditActor(request),
      });
      await app.events.publish(...changes);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
}
