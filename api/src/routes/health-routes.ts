import { notReadyAnswer } from '@portal/contract';
import { systemEndpoints as api } from '@portal/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { failingDatabaseChecks, type ReadinessCheck } from '../services/readiness';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/**
 * For load balancers (docs/operations.md#metrics-and-health): /health says the process is alive, /ready that it should be sent
 * requests. Both are public and not rate limited; they log at warn only, as they are polled every few seconds.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(app, api.health, { tags: ['system'], summary: 'Liveness', logLevel: 'warn', config: { public: true } }, async () => ({ status: 'ok' as const }));

  // Once seen applied, migrations stay applied for the life of the process.
  let migrationsDone = false;
  endpointRoute(
    app,
    api.ready,
    {
      tags: ['system'],
      summary: 'Readiness: the database answers, its migrations are applied and the process is not draining (503 names what failed)',
      otherAnswers: { 503: notReadyAnswer },
      logLevel: 'warn',
      config: { public: true },
    },
    async (request, reply) => {
      const failing: ReadinessCheck[] = await failingDatabaseChecks(serviceContext(app, request), { migrationsDone });
      if (!failing.includes('database') && !failing.includes('migrations')) migrationsDone = true;
      if (app.lifecycle.draining) failing.push('draining');
      reply.header('cache-control', 'no-store');
      if (failing.length > 0) return reply.code(503).send({ status: 'not ready' as const, failing });
      return { status: 'ready' as const };
    },
  );
}
