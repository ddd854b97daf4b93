import { followerEndpoints as api } from '@portal/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../policy';
import { addFollower, dismissCcAddress, followedTicket, followersOf, removeFollower } from '../services/followers';
import { serviceContext } from '../services/service-context';
import type { Written } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/**
 * A ticket's followers and the Cc addresses not yet invited (docs/product/tickets.md#followers-and-cc). A ticket the
 * caller may not see is 404; an add or removal the rules do not allow is 403 (services/followers.ts).
 */
export async function followerRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['followers'];

  async function published<T>(written: Written<T>): Promise<T> {
    await app.events.publish(...written.changes);
    return written.result;
  }

  endpointRoute(
    app,
    api.ticketFollowers,
    {
      tags,
      summary: "A ticket's followers by name, whether the caller follows it, whom they may add, and (staff) the Cc addresses not yet invited",
      errors: [400, 401, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return followersOf(ctx, viewer, await followedTicket(ctx, viewer, request.params.id));
    },
  );

  endpointRoute(
    app,
    api.followTicket,
    { tags, summary: 'Follow a ticket (any staff member; a client contact of its company)', errors: [400, 401, 403, 404] },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return published(await addFollower(ctx, viewer, await followedTicket(ctx, viewer, request.params.id), viewer.contactId));
    },
  );

  endpointRoute(
    app,
    api.unfollowTicket,
    { tags, summary: 'Stop following a ticket', errors: [400, 401, 404] },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return published(await removeFollower(ctx, viewer, await followedTicket(ctx, viewer, request.params.id), viewer.contactId));
    },
  );

  endpointRoute(
    app,
    api.addTicketFollower,
    {
      tags,
      summary: "Add a follower: a contact of the ticket's company (its requester or staff), or a staff member (staff)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return published(await addFollower(ctx, viewer, await followedTicket(ctx, viewer, request.params.id), request.body.contact_id));
    },
  );

  endpointRoute(
    app,
    api.removeTicketFollower,
    { tags, summary: 'Remove a follower (oneself; staff anyone)', errors: [400, 401, 403, 404] },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return published(await removeFollower(ctx, viewer, await followedTicket(ctx, viewer, request.params.id), request.params.contact_id));
    },
  );

  endpointRoute(
    app,
    api.dismissCcAddress,
    { tags, summary: 'Stop listing an address seen in Cc: it is not to be invited (staff)', errors: [400, 401, 403, 404] },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const ctx = serviceContext(app, request);
      return published(await dismissCcAddress(ctx, viewer, await followedTicket(ctx, viewer, request.params.id), request.params.cc_id));
    },
  );
}
