import { companyContactEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canAdministerAccountSecurity, canEditCompanyProfile, type Viewer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { addCompanyContact, removeCompanyContact, updateCompanyContact } from '../services/company-contacts';
import { companyForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

export async function companyContactRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;
  const profileEditor = (companyId: number) => (viewer: Viewer) => canEditCompanyProfile(viewer, companyId);

  endpointRoute(
    app,
    api.companyContacts,
    {
      tags: ['companies'],
      summary: "A company's contacts, primary first (staff, or the company's own contacts: the ticket form's requester list); to admins with whether each has a second factor",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await companyForViewer(app, viewer, request.params.id);
      const contacts = await repos.companyContacts.list(request.params.id);
      if (!canAdministerAccountSecurity(viewer)) return contacts;
      const withFactor = await repos.security.withSecondFactor(contacts.map((contact) => contact.contact_id));
      return contacts.map((contact) => ({ ...contact, has_second_factor: withFactor.has(contact.contact_id) }));
    },
  );

  endpointRoute(
    app,
    api.addCompanyContact,
    {
      tags: ['companies'],
      summary: "Add a contact to a company (staff, its primary contacts): a new client, or (admins) someone who exists",
      description: "An admin gets the contact (a new one, or someone who exists, linked). Anyone else gets `{ invited, email }` whether the address was new (made and invited by mail) or someone's elsewhere (nothing changed; they are told by mail). An address already linked here answers 409 'This email has already been used.'.",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.companyContactNotCreated },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      await companyForViewer(app, viewer, companyId, profileEditor(companyId));
      const { result: added, changes } = await addCompanyContact(serviceContext(app, request), viewer, companyId, request.body, auditActor(request));
      await app.events.publish(...changes);
      return added;
    },
  );

  endpointRoute(
    app,
    api.updateCompanyContact,
    {
      tags: ['companies'],
      summary: "Change a company contact's name, e-mail, phone and the link's title and primary flag (staff, its primary contacts)",
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const { id: companyId, contactId } = request.params;
      await companyForViewer(app, viewer, companyId, profileEditor(companyId));
      const { result: updated, changes } = await updateCompanyContact(
        serviceContext(app, request), viewer, { companyId, contactId, sessionTokenHash: app.sessions.tokenHashOf(request) }, request.body, auditActor(request));
      await app.events.publish(...changes);
      return updated;
    },
  );

  endpointRoute(
    app,
    api.removeCompanyContact,
    {
      tags: ['companies'],
      summary: 'Remove a contact from a company (staff, its primary contacts); the contact stays in the system',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.companyContactNotDeleted },
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
