import { companyMetaEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canSaveCompanyMeta } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { saveCompanyMeta } from '../services/companies';
import { companyForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

export async function companyMetaRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.companyMetaList,
    {
      tags: ['companies'],
      summary: "A company's meta entries (default_agent, type_assignments, …)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      return repos.companies.listMeta(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.companyMeta,
    {
      tags: ['companies'],
      summary: 'One company meta entry by key (e.g. default_agent, type_assignments); 404 when unset',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      const entry = await repos.companies.getMeta(request.params.id, request.params.key);
      if (!entry) throw new HttpError(404, MESSAGES.noResultsFound);
      return entry;
    },
  );

  endpointRoute(
    app,
    api.saveCompanyMeta,
    {
      tags: ['companies'],
      summary: 'Save type_assignments, default_agent, services (admins) or maintenance_prefs (staff, primary contacts); answers the entry',
      description: 'meta_value is text: a JSON map of type key to staff id, JSON prefs with a frequency and intensity list, a staff id, or service ids "1,3".',
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: MESSAGES.companyMetaNotUpdated },
    },
    async (request) => {
      const { id: companyId, key } = request.params;
      await companyForViewer(app, requireViewer(request.viewer), companyId, (v) => canSaveCompanyMeta(v, companyId, key));
      const { company_id: bodyCompanyId, meta_key: bodyKey, meta_value: text } = request.body;
      if ((bodyCompanyId !== undefined && bodyCompanyId !== companyId) || (bodyKey !== undefined && bodyKey !== key)) {
        throw new HttpError(400, MESSAGES.companyMetaNotUpdated);
      }
      const { result: saved, changes } = await saveCompanyMeta(serviceContext(app, request), auditActor(request), companyId, key, text);
      await app.events.publish(...changes);
      return saved;
    },
  );
}
