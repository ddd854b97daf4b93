import { statsEndpoints as api } from '@portal/contract/endpoints';
import { canViewStats, lastMonthPeriods } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { endpointRoute } from './endpoint-route';
import { timeZoneOf } from './route-helpers';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.ticketStats,
    {
      tags: ['stats'],
      summary: 'Per month, oldest first: tickets opened, closed (completed) and assigned, and the mean hours to assignment and to completion (staff)',
      description:
        'A ticket counts in the month of the event: opened by date_created, assigned by date_assigned, closed by date_completed. '
        + 'The averages are hours from date_created, rounded to 0.1; null when the month has no such ticket.',
      errors: [400, 401, 403],
      // Answered from memory until a ticket change (the months are the current month's: 'month').
      config: { pollCache: 'month' },
    },
    async (request) => {
      authorize(request.viewer, canViewStats);
      const periods = lastMonthPeriods(app.config.clock(), request.query.months, timeZoneOf(app, request.query.time_zone));
      const stats = await repos.stats.ticketsByPeriod(periods);
      return periods.map((period, index) => ({
        month: period.month, from: period.from.toISOString(), to: period.to.toISOString(), ...stats[index]!,
      }));
    },
  );
}
