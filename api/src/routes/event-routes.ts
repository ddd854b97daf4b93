import { LIVE_EVENTS_PATH } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../policy';
import { errorResponses } from './route-helpers';

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    LIVE_EVENTS_PATH,
    {
      schema: {
        tags: ['events'],
        summary: 'The live stream of one signed-in tab (Server-Sent Events): `ready` on open, then `stale` with the SWR keys that changed for the viewer',
        description: 'A `: ping` comment every heartbeat (15 s); the session is re-read every few beats and the stream ends when it is revoked or expired. '
          + 'Events name only keys the viewer may read; on `ready` (open, or after a gap) the client revalidates what it shows.',
        produces: ['text/event-stream'],
        response: errorResponses(401),
      },
    },
    async (request, reply) => {
      app.events.openStream(request, reply, requireViewer(request.viewer));
    },
  );
}
