import { companyContact, companyContactCreate, companyContactParams, companyContactUpdate, deletedAnswer, idParam } from '@portal/contract';
import { MESSAGES, canEditCompanyProfile, type Viewer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { addCompanyContact, removeCompanyContact, updateCompanyContact } from '../services/company-contacts';
import { companyForViewer, errorResponses } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function companyContactRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const profileEditor = (companyId: number) => (viewer: Viewer) => canEditCompanyProfile(viewer, companyId);

  routes.get(
    '/company/:id/contacts',
    {
      schema: {
        tags: ['companies'],
        summary: "A company's contacts, primary first (staff, or the company's own contacts: the ticket form's requester list)",
        params: idParam,
        response: { 200: z.array(companyContact), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await companyForViewer(app, requireViewer(request.viewer), request.params.id);
      return repos.companyContacts.list(request.params.id);
    },
  );

  routes.post(
    '/company/:id/contacts',
    {
      config: { invalidInputMessage: MESSAGES.companyContactNotCreated },
      schema: {
        tags: ['companies'],
        summary: "Add a contact to a company (staff, its primary contacts): a new client, or (admins) someone who exists",
        description: "An e-mail already in use answers 409 'This email has already been used.' unless an admin links that contact.",
        params: idParam,
        body: companyContactCreate,
        response: { 201: companyContact, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      await companyForViewer(app, viewer, companyId, profileEditor(companyId));
      const { result: added, changes } = await addCompanyContact(serviceContext(app, request), viewer, companyId, request.body, auditActor(request));
      await app.events.publish(...changes);
      return reply.code(201).send(added);
    },
  );

  routes.put(
    '/company/:id/contacts/:contactId',
    {
      schema: {
        tags: ['companies'],
        summary: "Change a company contact's name, e-mail, phone and the link's title and primary flag (staff, its primary contacts)",
        params: companyContactParams,
        body: companyContactUpdate,
        response: { 200: companyContact, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const { id: companyId, contactId } = request.params;
      await companyForViewer(app, viewer, companyId, profileEditor(companyId));
      const { result: updated, changes } = await updateCompanyContact(serviceContext(app, request), viewer, { companyId, contactId }, request.body, auditActor(request));
      await app.events.publish(...changes);
      return updated;
    },
  );

  routes.delete(
    '/company/:id/contacts/:contactId',
    {
      config: { invalidInputMessage: MESSAGES.companyContactNotDeleted },
      schema: {
        tags: ['companies'],
        summary: 'Remove a contact from a company (staff, its primary contacts); the contact stays in the system',
        params: companyContactParams,
        response: { 200: deletedAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id: companyId, contactId } = request.params;
      await companyForViewer(app, requireViewer(request.viewer), companyId, profileEditor(companyId));
      const { result: deleted, changes } = await removeCompanyContact(serviceContext(app, request), auditActor(request), companyId, contactId);
      await app.events.publish(...changes);
      return { deleted };
    },
  );
}
