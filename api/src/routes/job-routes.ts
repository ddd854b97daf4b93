import { jobEndpoints as api } from '@portal/contract/endpoints';
import { canRunJobs } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { endpointRoute } from './endpoint-route';

/**
 * The job runner by hand, for the browser journeys: registered only when NODE_ENV is not
 * production (plugins/api.ts), admins only. Production has no way to move the digest clock.
 */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.runDigests,
    {
      tags: ['jobs'],
      summary: 'Run the notification digests now, or as of `at`, then send the due mail (admins; not in production)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canRunJobs);
      const at = request.body?.at;
      const digests = await app.jobs.runDigests(at ? new Date(at) : undefined);
      const mail = await app.jobs.drain();
      return { ...digests, mail_sent: mail.sent };
    },
  );

  endpointRoute(
    app,
    api.runStatements,
    {
      tags: ['jobs'],
      summary: 'Send the monthly statements due now, or as of `at` (the 1st of a month), then the due mail (admins; not in production)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canRunJobs);
      const at = request.body?.at;
      const statements = await app.jobs.runStatements(at ? new Date(at) : undefined);
      const mail = await app.jobs.drain();
      return { ...statements, mail_sent: mail.sent };
    },
  );
}
