import { contact, contactListQuery, contactUpdate, idParam, metaEntry, notePrefs, notePrefsUpdate, staffContact } from '@portal/contract';
import { MESSAGES, NOTE_PREFS_META_KEY, serializeNotePrefs } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContactPatch } from '../db/schema';
import { HttpError } from '../errors';
import { hashPassword } from '../password';
import { authorize, policy, requireViewer } from '../policy';
import { errorResponses } from './route-helpers';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  async function existingContact(contactId: number) {
    const row = await repos.contacts.findById(contactId);
    if (!row) throw new HttpError(404, MESSAGES.contactNotFound);
    return row;
  }

  routes.get(
    '/contact',
    {
      schema: {
        tags: ['contacts'],
        summary: 'The staff list (group=staff: groups 1-4, active) for the assignee dropdown (staff only)',
        querystring: contactListQuery,
        response: { 200: z.array(staffContact), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.listStaff);
      return repos.contacts.listStaff();
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
      authorize(viewer, (v) => policy.viewContact(v, request.params.id));
      const answer = await repos.contacts.loadAnswer(request.params.id);
      if (!answer) throw new HttpError(404, MESSAGES.contactNotFound);
      return answer;
    },
  );

  routes.put(
    '/contact/:id',
    {
      config: { invalidInputMessage: MESSAGES.contactNotUpdated },
      schema: {
        tags: ['contacts'],
        summary: 'Update a contact (self or admin; only an admin changes group_id)',
        params: idParam,
        body: contactUpdate,
        response: { 200: contact, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      const current = await existingContact(contactId);
      authorize(viewer, (v) => policy.updateContact(v, contactId));
      const { password, ...fields } = request.body;
      if (fields.group_id !== undefined && fields.group_id !== current.group_id) {
        authorize(viewer, policy.changeContactGroup);
      }
      if (fields.email !== undefined && (await repos.contacts.emailTaken(fields.email, contactId))) {
        throw new HttpError(409, MESSAGES.emailAlreadyUsed);
      }
      const patch: ContactPatch = { ...fields };
      if (password !== undefined) patch.password_hash = await hashPassword(password);
      await repos.contacts.update(contactId, patch);
      const answer = await repos.contacts.loadAnswer(contactId);
      if (!answer) throw new HttpError(404, MESSAGES.contactNotFound);
      return answer;
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
      await existingContact(contactId);
      authorize(viewer, (v) => policy.saveNotePrefs(v, contactId));
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body.meta_value);
      } catch {
        throw new HttpError(400, MESSAGES.invalidInput);
      }
      const prefs = notePrefs.strict().safeParse(parsed);
      if (!prefs.success) throw new HttpError(400, MESSAGES.invalidInput);
      const meta = await repos.contacts.upsertMeta(contactId, NOTE_PREFS_META_KEY, serializeNotePrefs(prefs.data));
      return [meta];
    },
  );
}
