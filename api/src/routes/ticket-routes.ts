import { idParam, ticket } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer } from '../policy';
import { errorResponses } from './route-helpers';
import { presentTickets } from './ticket-presenter';

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/ticket/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with total_time; value only for admins and clients',
        params: idParam,
        response: { 200: ticket, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const record = await repos.tickets.findById(request.params.id);
      if (!record) throw new HttpError(404, MESSAGES.ticketNotFound);
      authorize(viewer, (v) => policy.viewTicket(v, record));
      const [presented] = await presentTickets(viewer, [record], () => repos.options.getRates());
      return presented!;
    },
  );
}
