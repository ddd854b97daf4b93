import { slaEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canManageSla } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { saveCompanySlaTargets, saveSlaSettings } from '../services/response-times';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';
import { companyForViewer } from './route-helpers';

/** Response-time promises (docs/product/response-times.md): business hours, holidays and targets; admins only. */
export async function slaRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.slaSettings,
    {
      tags: ['response-times'],
      summary: 'The business hours (time zone, working days, holidays) and the targets per priority (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canManageSla);
      return repos.sla.settings();
    },
  );

  endpointRoute(
    app,
    api.saveSlaSettings,
    {
      tags: ['response-times'],
      summary: 'Save the business hours, holidays and targets per priority (admins); every open ticket’s clock follows',
      errors: [400, 401, 403],
      config: { invalidInputMessage: MESSAGES.slaSettingsNotSaved },
    },
    async (request) => {
      authorize(request.viewer, canManageSla);
      const { result, changes } = await saveSlaSettings(serviceContext(app, request), request.body);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.companySlaTargets,
    {
      tags: ['response-times'],
      summary: "A company's own targets per priority; null when it follows the provider's (admins)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageSla);
      await companyForViewer(app, viewer, request.params.id, canManageSla);
      return { company_id: request.params.id, targets: await repos.sla.companyTargets(request.params.id) };
    },
  );

  endpointRoute(
    app,
    api.saveCompanySlaTargets,
    {
      tags: ['response-times'],
      summary: "Set a company's own targets per priority, or null to follow the provider's again (admins)",
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: MESSAGES.slaSettingsNotSaved },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageSla);
      await companyForViewer(app, viewer, request.params.id, canManageSla);
      const { result, changes } = await saveCompanySlaTargets(serviceContext(app, request), request.params.id, request.body.targets);
      await app.events.publish(...changes);
      return result;
    },
  );
}
