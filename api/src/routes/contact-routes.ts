import { contactEndpoints as api } from '@portal/contract/endpoints';
import {
  API_TOKEN_MESSAGES, MESSAGES, canChangeContactGroup, canChangeContactLanguage, canCreateContact, canEditPayRate, canListStaff, canMailContact, canManageAgents, canSaveNotePrefs,
  canSendResetCode, canSetPasswordWith, canUpdateContact, canUseListPrefs, canViewContact, parseListPrefs,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { mailActivityNote, mailContact } from '../services/contact-mail';
import { LIST_PREFS_META_KEY, saveListPrefs, saveNotePrefs } from '../services/contact-preferences';
import { agentPlacements, deleteAgent, setPayRate } from '../services/agents';
import { createContact, updateContact } from '../services/contacts';
import { resetCodeLink as newResetCodeLink, sendResetCode } from '../services/reset-codes';
import { timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  async function existingContact(contactId: number) {
    const row = await repos.contacts.findById(contactId);
    if (!row) throw new HttpError(404, MESSAGES.contactNotFound);
    return row;
  }

  async function contactAnswer(contactId: number) {
    const answer = await repos.contacts.loadAnswer(contactId);
    if (!answer) throw new HttpError(404, MESSAGES.contactNotFound);
    return answer;
  }

  endpointRoute(
    app,
    api.contactList,
    {
      tags: ['contacts'],
      summary: 'group=staff: active groups 1-4 by name, for the assignee dropdown (staff). group=agents: the same by contact id with phone and pay rate (admins)',
      errors: [400, 401, 403],
    },
    async (request) => {
      if (request.query.group === 'agents') {
        authorize(request.viewer, canManageAgents);
        return repos.contacts.listAgents();
      }
      authorize(request.viewer, canListStaff);
      return repos.contacts.listStaff();
    },
  );

  endpointRoute(
    app,
    api.createContact,
    {
      tags: ['contacts'],
      summary: 'Create a contact (admins): group 5 unless said otherwise, with an unusable random password until a reset',
      errors: [400, 401, 403, 409],
      config: { invalidInputMessage: MESSAGES.contactNotCreated },
    },
    async (request) => {
      authorize(request.viewer, canCreateContact);
      const { result: contactId, changes } = await createContact(serviceContext(app, request), auditActor(request), request.body);
      await app.events.publish(...changes);
      return contactAnswer(contactId);
    },
  );

  endpointRoute(
    app,
    api.deleteContact,
    {
      tags: ['contacts'],
      summary: 'Delete a contact (admins; docs/product/companies-and-contacts.md#deleting-an-agent): deactivated (no sign-in, sessions ended, no longer an assignee), cleared as default agent and from type assignments, its open tickets back to Backlog unassigned with a note; time and pay kept',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.deleteAgentFailed },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageAgents);
      const { result, changes } = await deleteAgent(serviceContext(app, request), auditActor(request), viewer, request.params.id);
      await app.events.publish(...changes);
      return { deleted: 1 as const, tickets_unassigned: result.ticketsUnassigned, cleared: result.cleared };
    },
  );

  endpointRoute(
    app,
    api.agentPlacements,
    {
      tags: ['contacts'],
      summary: "Where an active agent is named before it is deleted: the companies it is default agent of, its type assignments (company_id null: the global map), its open tickets (admins)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canManageAgents);
      return agentPlacements(serviceContext(app, request), request.params.id);
    },
  );

  endpointRoute(
    app,
    api.setPayRate,
    {
      tags: ['contacts'],
      summary: "Change an active agent's pay rate, USD per hour (admins; docs/product/companies-and-contacts.md#pay-rate): it applies from the first of the current month in time_zone; earlier months keep the rate they were paid at",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.invalidPayRate },
    },
    async (request) => {
      authorize(request.viewer, canEditPayRate);
      const { pay_rate: rate, time_zone: timeZone } = request.body;
      const { result, changes } = await setPayRate(
        serviceContext(app, request), auditActor(request), request.params.id, rate, timeZoneOf(app, timeZone),
      );
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.contact,
    {
      tags: ['contacts'],
      summary: 'One contact (self or admin)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await existingContact(request.params.id);
      authorize(viewer, (v) => canViewContact(v, request.params.id));
      return contactAnswer(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.updateContact,
    {
      tags: ['contacts'],
      summary: "Update a contact (self or admin; only an admin changes group_id; only the contact changes their language; one's own new password needs current_password); a new password ends the contact's other sessions",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.contactNotUpdated },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      const current = await existingContact(contactId);
      authorize(viewer, (v) => canUpdateContact(v, contactId));
      const body = request.body;
      if (body.group_id !== undefined && body.group_id !== current.group_id) authorize(viewer, canChangeContactGroup);
      // docs/product/languages.md#a-persons-language: a contact's language is theirs alone.
      if (body.language !== undefined) authorize(viewer, (v) => canChangeContactLanguage(v, contactId));
      // docs/product/integrations.md#api-tokens: a password is set in the portal, never with an API token.
      if (body.password !== undefined && !canSetPasswordWith(request.apiToken)) throw new HttpError(403, API_TOKEN_MESSAGES.cookieOnly);
      // A new password ends the contact's other sessions: the changer's own stays when it is theirs.
      const keepSessionHash = viewer.contactId === contactId ? app.sessions.tokenHashOf(request) : undefined;
      const { changes } = await updateContact(serviceContext(app, request), { actor: auditActor(request), viewer, current, body, keepSessionHash });
      await app.events.publish(...changes);
      return contactAnswer(contactId);
    },
  );

  endpointRoute(
    app,
    api.saveNotePrefs,
    {
      tags: ['contacts'],
      summary: 'Save the notification e-mail preferences (self); answers a list whose first item is the meta',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      const person = await existingContact(contactId);
      authorize(viewer, (v) => canSaveNotePrefs(v, contactId));
      const { result: saved, changes } = await saveNotePrefs(serviceContext(app, request), auditActor(request), person, request.body.meta_value);
      await app.events.publish(...changes);
      return [saved];
    },
  );

  endpointRoute(
    app,
    api.listPrefs,
    {
      tags: ['contacts'],
      summary: "The contact's saved list preferences, or the defaults (priorityId, DESC, only Assigned, Maintenance Only); self only",
      errors: [400, 401, 403],
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => canUseListPrefs(v, request.params.id));
      return parseListPrefs(await repos.contacts.metaValue(viewer.contactId, LIST_PREFS_META_KEY));
    },
  );

  endpointRoute(
    app,
    api.saveListPrefs,
    {
      tags: ['contacts'],
      summary: 'Save the list preferences (self only); Complete and Cancelled are refused as filters',
      errors: [400, 401, 403],
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => canUseListPrefs(v, request.params.id));
      // parseListPrefs drops what the list never offers; anything dropped means the request was wrong.
      const prefs = parseListPrefs(request.body);
      if (prefs.statusFilters.length !== request.body.statusFilters.length) throw new HttpError(400, MESSAGES.invalidInput);
      return saveListPrefs(serviceContext(app, request), viewer.contactId, prefs);
    },
  );

  endpointRoute(
    app,
    api.sendActivity,
    {
      tags: ['contacts'],
      summary: "E-mail an activity note with its ticket's link to a contact who sees the ticket, its requester (staff); queued in the outbox",
      errors: [400, 401, 403, 404, 502],
      config: { invalidInputMessage: MESSAGES.activityEmailNotSent },
    },
    async (request) => {
      authorize(request.viewer, canMailContact);
      return mailActivityNote(serviceContext(app, request), request.params.id, request.body.activity);
    },
  );

  endpointRoute(
    app,
    api.mailContact,
    {
      tags: ['contacts'],
      summary: 'E-mail a message to a contact (staff); queued in the outbox',
      errors: [400, 401, 403, 404, 502],
      config: { invalidInputMessage: MESSAGES.noteNotSent },
    },
    async (request) => {
      authorize(request.viewer, canMailContact);
      return mailContact(serviceContext(app, request), request.params.id, request.body);
    },
  );

  endpointRoute(
    app,
    api.sendResetCode,
    {
      tags: ['contacts'],
      summary: 'Mail the contact a password-reset link, valid one day and once (admins); a new code replaces the old',
      errors: [400, 401, 403, 404, 502],
      config: { invalidInputMessage: MESSAGES.resetCodeNotSent },
    },
    async (request) => {
      authorize(request.viewer, canSendResetCode);
      return sendResetCode(serviceContext(app, request), request.params.id);
    },
  );

  endpointRoute(
    app,
    api.resetCodeLink,
    {
      tags: ['contacts'],
      summary: "The contact's password-reset link for the admin to hand over, without a mail (admins): the live code's, else a new one",
      description: 'docs/product/accounts-and-roles.md#password-reset: a read never replaces a live code (the link mailed keeps working); 409 when the live code cannot be shown (mail a new one with the POST).',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.resetCodeNotSent },
    },
    async (request) => {
      authorize(request.viewer, canSendResetCode);
      return newResetCodeLink(serviceContext(app, request), request.params.id);
    },
  );
}
