import { canRunJobs } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../policy';
import { errorResponses } from './route-helpers';

const runBody = z.object({
  /** Run as of this instant instead of the runner's clock (e.g. the next top of the hour). */
  at: z.iso.datetime({ offset: true }).optional(),
}).optional();

const runAnswer = z.object({ sent: z.number().int(), empty: z.number().int(), started: z.number().int(), mail_sent: z.number().int() });

/**
 * The job runner by hand, for the browser journeys: registered only when NODE_ENV is not
 * production (plugins/api.ts), admins only. Production has no way to move the digest clock.
 */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/jobs/digests/run',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Run the notification digests now, or as of `at`, then send the due mail (admins; not in production)',
        body: runBody,
        response: { 200: runAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canRunJobs);
      const at = request.body?.at;
      const digests = await app.jobs.runDigests(at ? new Date(at) : undefined);
      const mail = await app.jobs.drain();
      return { ...digests, mail_sent: mail.sent };
    },
  );
}
