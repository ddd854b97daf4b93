import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failingDatabaseChecks, type ReadinessCheck } from '../services/readiness';
import { serviceContext } from '../services/service-context';

const CHECKS = ['database', 'migrations', 'draining'] as const satisfies readonly ReadinessCheck[];

/**
 * For load balancers (README.md#metrics-and-health): /health says the process is alive, /ready that it should be sent
 * requests. Both are public and not rate limited; they log at warn only, as they are polled every few seconds.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/health',
    {
      logLevel: 'warn',
      config: { public: true },
      schema: { tags: ['system'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Once seen applied, migrations stay applied for the life of the process.
  let migrationsDone = false;
  routes.get(
    '/ready',
    {
      logLevel: 'warn',
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers, its migrations are applied and the process is not draining (503 names what failed)',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not ready'), failing: z.array(z.enum(CHECKS)) }),
        },
      },
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
