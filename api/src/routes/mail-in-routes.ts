import { heldMail, heldMailAttach, heldMailAttached, idParam, mailInStatus as mailInStatusSchema, okAnswer } from '@portal/contract';
import { MESSAGES, canManageMailIn } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { attachHeldMail, dropHeldMail, heldMailRaw, listHeldMail } from '../services/mail-in/held-mail';
import { mailInStatus } from '../services/mail-in/mail-in-status';
import { serviceContext } from '../services/service-context';
import { errorResponses } from './route-helpers';

/**
 * Mail in for admins (docs/product/notifications-and-mail.md#matching): the mailbox's status and
 * counts, the held list, and attaching a held message to a ticket or dropping it.
 */
export async function mailInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/mail-in',
    {
      schema: {
        tags: ['mail-in'],
        summary: 'Whether the support mailbox is set and connected, its last fetch and error, and the count of each outcome (admins)',
        response: { 200: mailInStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      return mailInStatus(serviceContext(app, request));
    },
  );

  routes.get(
    '/mail-in/held',
    {
      schema: {
        tags: ['mail-in'],
        summary: 'Messages held for an admin, with the reason (admins)',
        response: { 200: z.array(heldMail), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      return listHeldMail(serviceContext(app, request));
    },
  );

  routes.post(
    '/mail-in/:id/attach',
    {
      schema: {
        tags: ['mail-in'],
        summary: 'Put a held message on a ticket, as a note by the support team saying who wrote it (admins)',
        params: idParam,
        body: heldMailAttach,
        response: { 200: heldMailAttached, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageMailIn);
      const { result, changes } = await attachHeldMail(
        serviceContext(app, request), viewer, request.params.id, request.body.ticket_id, auditActor(request),
      );
      await app.events.publish(...changes);
      return result;
    },
  );

  routes.post(
    '/mail-in/:id/drop',
    {
      schema: {
        tags: ['mail-in'],
        summary: 'Throw a held message away; it stays counted and in the audit trail (admins)',
        params: idParam,
        response: { 200: okAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      const { result, changes } = await dropHeldMail(serviceContext(app, request), request.params.id, auditActor(request));
      await app.events.publish(...changes);
      return result;
    },
  );

  routes.get(
    '/mail-in/:id/raw',
    {
      schema: {
        tags: ['mail-in'],
        summary: 'The original message as received (up to 1 MB), always as a download (admins)',
        params: idParam,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      authorize(request.viewer, canManageMailIn);
      const original = await heldMailRaw(serviceContext(app, request), request.params.id);
      if (!original) throw new HttpError(404, MESSAGES.noResultsFound);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-length', original.raw.length)
        .header('content-disposition', `attachment; filename="mail-${request.params.id}.eml"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(original.raw as never);
    },
  );
}
