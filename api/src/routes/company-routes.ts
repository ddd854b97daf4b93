import {
  COMPANY_TICKETS_COMPLETED_DEFAULT, company, companyContact, companyTicketsQuery, idParam, metaEntry, metaKeyParams, ticketSummary,
  type Company,
} from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer, type Viewer } from '../policy';
import { errorResponses } from './route-helpers';
import { presentTickets } from './ticket-presenter';

function presentCompany(viewer: Viewer, record: Company): Company {
  return policy.seeCompanyNote(viewer) ? record : { ...record, note: null };
}

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
      const list = policy.listAllCompanies(viewer)
        ? await repos.companies.listAll()
        : await repos.companies.listForContact(viewer.contactId);
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
      authorize(viewer, (v) => policy.viewCompany(v, record.company_id));
      return presentCompany(viewer, record);
    },
  );

  routes.get(
    '/company/:id/tickets',
    {
      schema: {
        tags: ['companies'],
        summary:
          "The client dashboard's tickets, without descriptions: every open ticket (status not 5 or 6), newest first, then the "
          + `newest completed_limit (default ${COMPANY_TICKETS_COMPLETED_DEFAULT}) completed ones, newest completion first; cancelled ones are not listed`,
        params: idParam,
        querystring: companyTicketsQuery,
        response: { 200: z.array(ticketSummary), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      // Polled every second: a client's own company exists (its link says so), so only staff pay the lookup.
      if (!viewer.companyIds.includes(companyId) && !(await repos.companies.exists(companyId))) {
        throw new HttpError(404, MESSAGES.companyNotFound);
      }
      authorize(viewer, (v) => policy.viewCompany(v, companyId));
      const completedLimit = request.query.completed_limit ?? COMPANY_TICKETS_COMPLETED_DEFAULT;
      return presentTickets(viewer, await repos.tickets.listCompanySummaries(companyId, completedLimit), () => repos.options.getRates());
    },
  );

  async function viewableCompany(viewer: Viewer, companyId: number) {
    if (!(await repos.companies.exists(companyId))) throw new HttpError(404, MESSAGES.companyNotFound);
    authorize(viewer, (v) => policy.viewCompany(v, companyId));
  }

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
      const viewer = requireViewer(request.viewer);
      await viewableCompany(viewer, request.params.id);
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
      const viewer = requireViewer(request.viewer);
      await viewableCompany(viewer, request.params.id);
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
      const viewer = requireViewer(request.viewer);
      await viewableCompany(viewer, request.params.id);
      const entry = await repos.companies.getMeta(request.params.id, request.params.key);
      if (!entry) throw new HttpError(404, MESSAGES.noResultsFound);
      return entry;
    },
  );
}
