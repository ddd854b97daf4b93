import { companyEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canChangeCompanyMode, canCreateCompany, canDeleteCompany, canEditCompanyNote, canEditCompanyProfile, canListAllCompanies,
  canManageCompanySettings, canViewCompany,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { createCompany, updateCompany } from '../services/companies';
import { deleteCompany } from '../services/company-deletion';
import { presentCompany } from '../services/company-presenter';
import { publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  async function existingCompany(companyId: number) {
    const record = await repos.companies.findById(companyId);
    if (!record) throw new HttpError(404, MESSAGES.companyNotFound);
    return record;
  }

  endpointRoute(
    app,
    api.companies,
    {
      tags: ['companies'],
      summary: 'Companies sorted by name: all for staff, their own for a client; include=primary adds each primary contact (staff)',
      errors: [400, 401],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const staff = canListAllCompanies(viewer);
      const list = staff ? await repos.companies.listAll() : await repos.companies.listForContact(viewer.contactId);
      const companies = list.map((record) => presentCompany(viewer, record));
      if (request.query.include !== 'primary' || !staff) return companies;
      const primaries = await repos.companies.primaryContacts();
      return companies.map((record) => ({ ...record, primary_contact: primaries.get(record.company_id) ?? null }));
    },
  );

  // A static path: find-my-way matches it before /company/:id, whatever the order of registration.
  endpointRoute(
    app,
    api.companySearch,
    {
      tags: ['companies'],
      summary: "Is a site already a company's (public, rate limited per address); URLs compare without scheme, www. and trailing slash",
      errors: [400, 429],
      config: { public: true, rateLimit: publicRateLimit(app) },
    },
    async (request) => ({ exists: await repos.companies.urlTaken(request.query.value) }),
  );

  endpointRoute(
    app,
    api.createCompany,
    {
      tags: ['companies'],
      summary: 'Create a company (admins); its mode (default 1 Active) is mirrored in the status meta',
      errors: [400, 401, 403, 409],
      config: { invalidInputMessage: MESSAGES.companyNotCreated },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canCreateCompany);
      const { result: companyId, changes } = await createCompany(serviceContext(app, request), auditActor(request), request.body);
      await app.events.publish(...changes);
      return presentCompany(viewer, await existingCompany(companyId));
    },
  );

  endpointRoute(
    app,
    api.company,
    {
      tags: ['companies'],
      summary: 'One company',
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const record = await existingCompany(request.params.id);
      authorize(viewer, (v) => canViewCompany(v, record.company_id));
      return presentCompany(viewer, record);
    },
  );

  endpointRoute(
    app,
    api.updateCompany,
    {
      tags: ['companies'],
      summary: "Save a company's name, url, description (staff, its primary contacts), mode, services, default agent (admins), note (staff)",
      description: 'One transaction. docs/product/companies-and-contacts.md#mode-side-effect: mode 3 or 4 turns statuses 1-3 into Cancelled (6) and 4 into Complete (5), each unassigned; 5 and 7+ are untouched.',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      const current = await existingCompany(companyId);
      const { company_id: bodyCompanyId, ...edit } = request.body;
      const { name, url, description, mode, note, services, default_agent: defaultAgent } = edit;
      const profile = name !== undefined || url !== undefined || description !== undefined;
      const settings = services !== undefined || defaultAgent !== undefined;
      if ((bodyCompanyId !== undefined && bodyCompanyId !== companyId) || (!profile && !settings && mode === undefined && note === undefined)) {
        throw new HttpError(400, MESSAGES.invalidInput);
      }
      if (profile) authorize(viewer, (v) => canEditCompanyProfile(v, companyId));
      if (mode !== undefined) authorize(viewer, canChangeCompanyMode);
      if (settings) authorize(viewer, canManageCompanySettings);
      if (note !== undefined) authorize(viewer, canEditCompanyNote);
      const { result: changed, changes } = await updateCompany(serviceContext(app, request), auditActor(request), current, edit);
      await app.events.publish(...changes);
      const saved = await existingCompany(companyId);
      return { ...presentCompany(viewer, saved), total_time: await repos.time.companyAllTime(companyId), tickets_changed: changed };
    },
  );

  endpointRoute(
    app,
    api.deleteCompany,
    {
      tags: ['companies'],
      summary: 'Delete a company (admins): its tickets, links and meta go; its clients with no other company are deactivated; time stays',
      description: 'docs/product/companies-and-contacts.md#deleting-a-company; one transaction, attachment files are removed after the commit.',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canDeleteCompany);
      const { result: deleted, changes } = await deleteCompany(serviceContext(app, request), auditActor(request), request.params.id);
      if (!deleted) throw new HttpError(404, MESSAGES.companyNotFound);
      await app.events.publish(...changes);
      return { deleted: 1 };
    },
  );
}
