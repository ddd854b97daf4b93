import {
  agentContact, contact, contactCreate, contactDeleted, contactListQuery, contactUpdate, idParam, listPrefs, metaEntry, notePrefsUpdate, okAnswer, resetCodeLink,
  resetCodeSent, sendActivity, sendMail, staffContact,
} from '@portal/contract';
import {
  MESSAGES, NOTE_PREFS_META_KEY, canChangeContactGroup, canManageAgents, isStaff, canCreateContact, canListStaff, canMailContact, canSaveNotePrefs,
  canSendResetCode, canUpdateContact, canUseListPrefs, canViewContact, canViewTicket, parseListPrefs, parseNotePrefs, passwordChangeNeedsCurrent,
  serializeNotePrefs,
  auditChanges, STATUS,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../password';
import { ticketChanges } from '../plugins/events';
import { authorize, requireViewer } from '../policy';
import type { ContactPatch, ContactRow } from '../repositories/contact-repository';
import { auditActor, auditRecord, auditedChange, auditedSnapshot, contactTarget, passwordChanged, recorded, ticketTarget } from '../services/audit';
import { notePrefsChanged } from '../services/digests';
import { activityMail, contactMail, type MailText } from '../services/mail-templates';
import { lookupOption } from '../services/option-defaults';
import { resetCodeLink as newResetCodeLink, sendResetCode } from '../services/reset-codes';
import { errorResponses } from './route-helpers';

const LIST_PREFS_META_KEY = 'list_prefs';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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

  /** An active contact to mail; 404 'Contact not found.' otherwise. */
  async function mailRecipient(contactId: number): Promise<ContactRow> {
    const to = await repos.contacts.findById(contactId);
    if (!to || to.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
    return to;
  }

  /** Queues the mail (the job runner sends it); failing to queue answers 502 with `failure`. */
  async function queueMail(to: ContactRow, mail: MailText, failure: string, log: { error(details: object, message: string): void }) {
    try {
      await repos.mailOutbox.add({ to: to.email, ...mail });
    } catch (error) {
      log.error({ err: error, contact_id: to.contact_id }, 'mail not queued');
      throw new HttpError(502, failure);
    }
    return { ok: true as const };
  }

  routes.get(
    '/contact',
    {
      schema: {
        tags: ['contacts'],
        summary: 'group=staff: active groups 1-4 by name, for the assignee dropdown (staff). group=agents: the same by contact id with phone and pay rate (admins)',
        querystring: contactListQuery,
        response: { 200: z.union([z.array(agentContact), z.array(staffContact)]), ...errorResponses(400, 401, 403) },
      },
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

  routes.post(
    '/contact',
    {
      config: { invalidInputMessage: MESSAGES.contactNotCreated },
      schema: {
        tags: ['contacts'],
        summary: 'Create a contact (admins): group 5 unless said otherwise, with an unusable random password until a reset',
        body: contactCreate,
        response: { 201: contact, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      authorize(request.viewer, canCreateContact);
      const { title, first_name: firstName, last_name: lastName, email, phone, group_id: groupId, pay_rate: payRate } = request.body;
      const groups = await lookupOption(repos.options, 'group-defaults');
      if (!groups.some((group) => group.id === groupId)) throw new HttpError(400, MESSAGES.contactNotCreated);
      if (await repos.contacts.emailTaken(email)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
      const person = { title: title ?? null, first_name: firstName, last_name: lastName, email, phone: phone ?? null, group_id: groupId };
      const actor = auditActor(request);
      const contactId = await repos.contacts.create({ ...person, password_hash: await unusablePasswordHash(), active: 1 }, (id) => [
        auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }), { ...person, pay_rate: isStaff(groupId) ? payRate : undefined }, 'created'),
      ]);
      if (isStaff(groupId)) {
        // An agent signs in after choosing a password: the reset link is its set-password mail.
        if (payRate !== undefined) await repos.contacts.upsertMeta(contactId, 'pay_rate', String(payRate));
        await sendResetCode(app, contactId, request.log);
      }
      return reply.code(201).send(await contactAnswer(contactId));
    },
  );

  routes.delete(
    '/contact/:id',
    {
      config: { invalidInputMessage: MESSAGES.deleteAgentFailed },
      schema: {
        tags: ['contacts'],
        summary: 'Delete a contact (admins; DESIGN §7): deactivated (no sign-in, sessions ended, no longer an assignee), its open tickets back to Backlog unassigned; time and pay kept',
        params: idParam,
        response: { 200: contactDeleted, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageAgents);
      const target = await existingContact(request.params.id);
      // An admin never locks itself out; another admin does that.
      if (target.contact_id === viewer.contactId || target.active !== 1) throw new HttpError(409, MESSAGES.deleteAgentFailed);
      const actor = auditActor(request);
      const done = await repos.contacts.deactivate(target.contact_id, app.config.clock(), (tickets) => [
        auditRecord(actor, 'contact.deactivated', contactTarget(target), [{ field: 'active', before: 1, after: 0 }]),
        ...tickets.map((ticket) => auditRecord(actor, 'ticket.updated', ticketTarget(ticket), auditChanges(ticket, {
          assignee_id: null, date_assigned: null, ...(ticket.status_id < STATUS.complete ? { status_id: STATUS.backlog } : {}),
        }))),
      ]);
      if (!done) throw new HttpError(404, MESSAGES.contactNotFound);
      app.events.publish(...done.tickets.flatMap((ticket) => ticketChanges(ticket, [target.contact_id])));
      return { deleted: 1 as const, tickets_unassigned: done.ticketsUnassigned };
    },
  );

  routes.get(
    '/contact/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'One contact (self or admin)',
        params: idParam,
        response: { 200: contact, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await existingContact(request.params.id);
      authorize(viewer, (v) => canViewContact(v, request.params.id));
      return contactAnswer(request.params.id);
    },
  );

  routes.put(
    '/contact/:id',
    {
      config: { invalidInputMessage: MESSAGES.contactNotUpdated },
      schema: {
        tags: ['contacts'],
        summary: "Update a contact (self or admin; only an admin changes group_id; one's own new password needs current_password); a new password ends the contact's other sessions",
        params: idParam,
        body: contactUpdate,
        response: { 200: contact, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      const current = await existingContact(contactId);
      authorize(viewer, (v) => canUpdateContact(v, contactId));
      const { password, current_password: currentPassword, ...fields } = request.body;
      if (fields.group_id !== undefined && fields.group_id !== current.group_id) authorize(viewer, canChangeContactGroup);
      if (password !== undefined && passwordChangeNeedsCurrent(viewer, contactId)
        && !(currentPassword !== undefined && (await verifyPassword(currentPassword, current.password_hash)))) {
        throw new HttpError(400, MESSAGES.contactNotUpdated);
      }
      if (fields.email !== undefined && (await repos.contacts.emailTaken(fields.email, contactId))) {
        throw new HttpError(409, MESSAGES.emailAlreadyUsed);
      }
      const patch: ContactPatch = { ...fields };
      const actor = auditActor(request);
      const changed = auditedChange(actor, 'contact.updated', contactTarget(current), current, patch);
      if (password === undefined) {
        await repos.contacts.update(contactId, patch, recorded(changed));
      } else {
        // A new password ends the contact's other sessions: the changer's own stays when it is theirs.
        const keep = viewer.contactId === contactId ? app.sessions.tokenHashOf(request) : undefined;
        const audit = recorded(changed, passwordChanged(actor, current));
        await repos.contacts.updatePassword(contactId, { ...patch, password_hash: await hashPassword(password) }, keep, audit);
      }
      return contactAnswer(contactId);
    },
  );

  routes.put(
    '/contact/:id/meta/note_prefs',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Save the notification e-mail preferences (self); answers a list whose first item is the meta',
        params: idParam,
        body: notePrefsUpdate,
        response: { 200: z.array(metaEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      const person = await existingContact(contactId);
      authorize(viewer, (v) => canSaveNotePrefs(v, contactId));
      const before = parseNotePrefs(await repos.contacts.metaValue(contactId, NOTE_PREFS_META_KEY));
      const value = serializeNotePrefs(request.body.meta_value);
      const actor = auditActor(request);
      const saved = await repos.contacts.upsertMeta(contactId, NOTE_PREFS_META_KEY, value, (was) => recorded(
        auditedChange(actor, 'contact.updated', contactTarget(person), { [NOTE_PREFS_META_KEY]: was }, { [NOTE_PREFS_META_KEY]: value }),
      ));
      // A digest kind switched on starts from here: only notifications from now on are mailed.
      await notePrefsChanged({ db: app.db, repos, config: app.config, log: request.log }, contactId, before, request.body.meta_value, app.config.clock());
      return [saved];
    },
  );

  routes.get(
    '/contact/:id/meta/list_prefs',
    {
      schema: {
        tags: ['contacts'],
        summary: "The contact's saved list preferences, or the defaults (priorityId, DESC, only Assigned, Maintenance Only); self only",
        params: idParam,
        response: { 200: listPrefs, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => canUseListPrefs(v, request.params.id));
      return parseListPrefs(await repos.contacts.metaValue(viewer.contactId, LIST_PREFS_META_KEY));
    },
  );

  routes.put(
    '/contact/:id/meta/list_prefs',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Save the list preferences (self only); Complete and Cancelled are refused as filters',
        params: idParam,
        body: listPrefs,
        response: { 200: listPrefs, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => canUseListPrefs(v, request.params.id));
      // parseListPrefs drops what the list never offers; anything dropped means the request was wrong.
      const prefs = parseListPrefs(request.body);
      if (prefs.statusFilters.length !== request.body.statusFilters.length) throw new HttpError(400, MESSAGES.invalidInput);
      await repos.contacts.upsertMeta(viewer.contactId, LIST_PREFS_META_KEY, JSON.stringify(prefs));
      return prefs;
    },
  );

  routes.post(
    '/contact/:id/sendactivity',
    {
      config: { invalidInputMessage: MESSAGES.activityEmailNotSent },
      schema: {
        tags: ['contacts'],
        summary: "E-mail an activity note with its ticket's link to a contact who sees the ticket, its requester (staff); queued in the outbox",
        params: idParam,
        body: sendActivity,
        response: { 200: okAnswer, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      authorize(request.viewer, canMailContact);
      const { note, ticket_id: ticketId } = request.body.activity;
      const to = await mailRecipient(request.params.id);
      const ticket = ticketId === null ? undefined : await repos.tickets.findById(ticketId);
      if (ticketId !== null && !ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
      if (ticket) {
        // The note and the link go only to someone who may open the ticket (its requester, staff).
        const recipient = { contactId: to.contact_id, groupId: to.group_id, ...(await repos.contacts.companyLinks(to.contact_id)) };
        if (!canViewTicket(recipient, ticket)) throw new HttpError(400, MESSAGES.activityEmailNotSent);
      }
      return queueMail(to, activityMail(app.config.publicUrl, note, ticket), MESSAGES.activityEmailNotSent, request.log);
    },
  );

  routes.post(
    '/contact/:id/sendmail',
    {
      config: { invalidInputMessage: MESSAGES.noteNotSent },
      schema: {
        tags: ['contacts'],
        summary: 'E-mail a message to a contact (staff); queued in the outbox',
        params: idParam,
        body: sendMail,
        response: { 200: okAnswer, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      authorize(request.viewer, canMailContact);
      const to = await mailRecipient(request.params.id);
      return queueMail(to, contactMail(request.body.subject, request.body.message), MESSAGES.noteNotSent, request.log);
    },
  );

  routes.post(
    '/contact/:id/sendresetcode',
    {
      config: { invalidInputMessage: MESSAGES.resetCodeNotSent },
      schema: {
        tags: ['contacts'],
        summary: 'Mail the contact a password-reset link, valid one day and once (admins); a new code replaces the old',
        params: idParam,
        response: { 200: resetCodeSent, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      authorize(request.viewer, canSendResetCode);
      return sendResetCode(app, request.params.id, request.log);
    },
  );

  routes.get(
    '/contact/:id/sendresetcode',
    {
      config: { invalidInputMessage: MESSAGES.resetCodeNotSent },
      schema: {
        tags: ['contacts'],
        summary: 'A new password-reset link for the admin to hand over, without a mail (admins); it replaces the old code',
        params: idParam,
        response: { 200: resetCodeLink, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canSendResetCode);
      return newResetCodeLink(app, request.params.id);
    },
  );
}
