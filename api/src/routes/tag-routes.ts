import { tagEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canManageTags, canSeeTags, canTagTickets, canViewTicket } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { serviceContext } from '../services/service-context';
import { addTicketTag, deleteTag, removeTicketTag, renameTag } from '../services/tags';
import { endpointRoute } from './endpoint-route';

/** Tags (docs/product/tags-and-views.md): staff tag the tickets they see; admins rename, merge and delete. Never a client. */
export async function tagRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  /** The ticket a tag goes on or comes off: one the caller may see, with what its change names. */
  async function taggableTicket(ticketId: number) {
    const row = ticketId > 0 ? await repos.tickets.findRow(ticketId) : undefined;
    if (!row) throw new HttpError(404, MESSAGES.ticketNotFound);
    return row;
  }

  endpointRoute(
    app,
    api.tags,
    {
      tags: ['tags'],
      summary: 'Every tag with how many tickets carry it, by name; with q, those whose name contains it (the autocomplete) (staff)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canSeeTags);
      return repos.tags.list(request.query.q);
    },
  );

  endpointRoute(
    app,
    api.addTicketTag,
    {
      tags: ['tags'],
      summary: 'Put a tag on a ticket, creating the tag when no tag has this name (ignoring case) (staff)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canTagTickets);
      const ticket = await taggableTicket(request.params.id);
      authorize(viewer, (v) => canViewTicket(v, ticket));
      const { result, changes } = await addTicketTag(serviceContext(app, request), ticket, request.body.name);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.removeTicketTag,
    {
      tags: ['tags'],
      summary: 'Take a tag off a ticket, by name ignoring case (staff)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canTagTickets);
      const ticket = await taggableTicket(request.params.id);
      authorize(viewer, (v) => canViewTicket(v, ticket));
      const { result, changes } = await removeTicketTag(serviceContext(app, request), ticket, request.params.name);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.renameTag,
    {
      tags: ['tags'],
      summary: "Rename a tag on every ticket; another tag's name merges the two (admins)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canManageTags);
      const { result, changes } = await renameTag(serviceContext(app, request), request.params.id, request.body.name);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.deleteTag,
    {
      tags: ['tags'],
      summary: 'Delete a tag from every ticket (admins)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canManageTags);
      const { result, changes } = await deleteTag(serviceContext(app, request), request.params.id);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
