import { auditEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canReadAuditTrail, canReadTicketHistory } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { endpointRoute } from './endpoint-route';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A filter bound: a day (YYYY-MM-DD, UTC) means its start; `to` takes the whole day (the next day's start). */
function bound(value: string | undefined, side: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const time = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).getTime();
  if (Number.isNaN(time)) throw new HttpError(400, MESSAGES.invalidInput);
  return new Date(side === 'to' && value.length === 10 ? time + DAY_MS : time).toISOString();
}

/** The audit trail (docs/product/accounts-and-roles.md#audit-trail): entries are written by the changes themselves, never through a route. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.audit,
    {
      tags: ['audit'],
      summary: 'The whole audit trail, newest first, a page at a time (admins)',
      description: 'Filters combine: entity, action, actor_id, company_id, entity_id, from and to (a day YYYY-MM-DD in UTC, to inclusive, or an ISO timestamp). '
        + '`next` is the `before` cursor of the following page.',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canReadAuditTrail);
      const { entity, action, actor_id: actorId, company_id: companyId, entity_id: entityId, from, to, before, limit } = request.query;
      return repos.audit.page({
        entity, action, actorId, companyId, entityId, from: bound(from, 'from'), to: bound(to, 'to'), before, limit,
      });
    },
  );

  endpointRoute(
    app,
    api.ticketAudit,
    {
      tags: ['audit'],
      summary: "A ticket's history: every recorded change to it, newest first (staff)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canReadTicketHistory);
      const ticketId = request.params.id;
      const page = await repos.audit.page({ entity: 'ticket', entityId: ticketId, before: request.query.before, limit: request.query.limit });
      // A deleted ticket keeps its history; an id that never was a ticket is not found.
      if (page.entries.length === 0 && request.query.before === undefined && !(await repos.tickets.findRow(ticketId))) {
        throw new HttpError(404, MESSAGES.ticketNotFound);
      }
      return page;
    },
  );
}
