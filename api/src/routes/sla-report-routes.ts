import { slaReportEndpoints as api } from '@portal/contract/endpoints';
import { canReadSlaReport } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { slaReportFor } from '../services/response-time-report';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/** The monthly response-times report (docs/product/response-times.md#the-monthly-report); admins only. */
export async function slaReportRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.slaReport,
    {
      tags: ['response-times'],
      summary: 'Tickets opened in a month with promises: targets met, median first response and resolution in business minutes, breaches (admins)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canReadSlaReport);
      return slaReportFor(serviceContext(app, request), request.query.month, request.query.company_id);
    },
  );
}
