import { ticketStatsMonth, ticketStatsQuery } from '@portal/contract';
import { isValidTimeZone, lastMonthPeriods } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize, policy } from '../policy';
import { errorResponses } from './route-helpers';

const DEFAULT_MONTHS = 12;

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/stats/tickets',
    {
      schema: {
        tags: ['stats'],
        summary: 'Per month, oldest first: tickets opened, closed (completed) and assigned, and the mean hours to assignment and to completion (staff)',
        description:
          'A ticket counts in the month of the event: opened by date_created, assigned by date_assigned, closed by date_completed. '
          + 'The averages are hours from date_created, rounded to 0.1; null when the month has no such ticket.',
        querystring: ticketStatsQuery,
        response: { 200: z.array(ticketStatsMonth), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.viewStats);
      const zone = request.query.time_zone && isValidTimeZone(request.query.time_zone) ? request.query.time_zone : app.config.defaultTimeZone;
      const periods = lastMonthPeriods(new Date(), request.query.months ?? DEFAULT_MONTHS, zone);
      const stats = await repos.stats.ticketsByPeriod(periods);
      return periods.map((period, index) => ({
        month: period.month, from: period.from.toISOString(), to: period.to.toISOString(), ...stats[index]!,
      }));
    },
  );
}
