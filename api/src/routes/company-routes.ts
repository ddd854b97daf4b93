import { company, companyContact, companyUpdate, companyUpdateAnswer, idParam, metaEntry, metaKeyParams } from '@portal/contract';
import { MESSAGES, canChangeCompanyMode, canEditCompanyNote, canListAllCompanies, canViewCompany } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { lookupOption } from '../services/option-defaults';
import { presentCompany } from '../services/ticket-presenter';
import { planModeClosing } from '../services/ticket-workflow';
import { companyForViewer, errorResponses } from './route-helpers';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/company',
    {
      schema: {
        tags: ['companies'],
        summary: 'Companies sorted by name: all for staff, their own for a client',
        response: { 200: z.array(company), ...errorResponses(401) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const list = canListAllCompanies(viewer) ? await repos.companies.listAll() : await repos.companies.listForContact(viewer.contactId);
      return list.map((record) => presentCompany(viewer, record));
    },
  );

  routes.get(
    '/company/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'One company',
        params: idParam,
        response: { 200: company, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const record = await repos.companies.findById(request.params.id);
      if (!record) throw new HttpError(404, MESSAGES.companyNotFound);
      authorize(viewer, (v) => canViewCompany(v, record.company_id));
      return presentCompany(viewer, record);
    },
  );

  routes.put(
    '/company/:id',
    {
      schema: {
        tags: ['companies'],
        summary: "Save a company's mode (admins) and/or note (staff); mode 3 or 4 closes its open tickets in the same transaction",
        description: 'Spec 001 §4: statuses 1-3 become Cancelled (6) and 4 becomes Complete (5), each unassigned; 5 and 7+ are untouched.',
        params: idParam,
        body: companyUpdate,
        response: { 200: companyUpdateAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      const current = await repos.companies.findById(companyId);
      if (!current) throw new HttpError(404, MESSAGES.companyNotFound);
      authorize(viewer, (v) => canViewCompany(v, companyId));
      const { company_id: bodyCompanyId, mode, note } = request.body;
      if ((bodyCompanyId !== undefined && bodyCompanyId !== companyId) || (mode === undefined && note === undefined)) {
        throw new HttpError(400, MESSAGES.invalidInput);
      }
      if (mode !== undefined) {
        authorize(viewer, canChangeCompanyMode);
        const modes = await lookupOption(repos.options, 'mode-defaults');
        if (!modes.some((item) => item.id === mode)) throw new HttpError(400, MESSAGES.invalidInput);
      }
      if (note !== undefined) authorize(viewer, canEditCompanyNote);
      const now = new Date();
      const changed = await repos.companies.saveModeAndNote(companyId, { mode, note }, (open) => planModeClosing(mode ?? current.mode, open, now));
      const saved = await repos.companies.findById(companyId);
      if (!saved) throw new HttpError(404, MESSAGES.companyNotFound);
      return { ...saved, total_time: await repos.time.companyAllTime(companyId), tickets_changed: changed };
    },
  );

  routes.get(
    '/company/:id/contacts',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's contacts, primary first (staff, or the company's own contacts)",
        params: idParam,
        response: { 200: z.array(companyContact), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      return repos.companies.contacts(request.params.id);
    },
  );

  routes.get(
    '/company/:id/meta',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's meta entries (default_agent, type_assignments, …)",
        params: idParam,
        response: { 200: z.array(metaEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      return repos.companies.listMeta(request.params.id);
    },
  );

  routes.get(
    '/company/:id/meta/:key',
    {
      schema: {
        tags: ['companies'],
        summary: 'One company meta entry by key (e.g. default_agent, type_assignments); 404 when unset',
        params: metaKeyParams,
        response: { 200: metaEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      const entry = await repos.companies.getMeta(request.params.id, request.params.key);
      if (!entry) throw new HttpError(404, MESSAGES.noResultsFound);
      return entry;
    },
  );
}
