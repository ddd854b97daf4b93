import { mailInEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canManageMailIn } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { attachHeldMail, dropHeldMail, heldMailRaw, listHeldMail } from '../services/mail-in/held-mail';
import { mailInStatus } from '../services/mail-in/mail-in-status';
import { downloadDisposition } from '../services/downloads';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/**
 * Mail in for admins (docs/product/notifications-and-mail.md#matching): the mailbox's status and
 * counts, the held list, and attaching a held message to a ticket or dropping it.
 */
export async function mailInRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.mailInStatus,
    {
      tags: ['mail-in'],
      summary: 'Whether the support mailbox is set and connected, its last fetch and error, and the count of each outcome (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      return mailInStatus(serviceContext(app, request));
    },
  );

  endpointRoute(
    app,
    api.heldMail,
    {
      tags: ['mail-in'],
      summary: 'Messages held for an admin, with the reason (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      return listHeldMail(serviceContext(app, request));
    },
  );

  endpointRoute(
    app,
    api.attachHeldMail,
    {
      tags: ['mail-in'],
      summary: 'Put a held message on a ticket, as a note by the support team saying who wrote it: a reply or an internal note (admins)',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageMailIn);
      const { result, changes } = await attachHeldMail(
        serviceContext(app, request), viewer, request.params.id, { ticketId: request.body.ticket_id, internal: request.body.internal }, auditActor(request),
      );
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.dropHeldMail,
    {
      tags: ['mail-in'],
      summary: 'Throw a held message away; it stays counted and in the audit trail (admins)',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      authorize(request.viewer, canManageMailIn);
      const { result, changes } = await dropHeldMail(serviceContext(app, request), request.params.id, auditActor(request));
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.heldMailRaw,
    {
      tags: ['mail-in'],
      summary: 'The original message as received (up to 1 MB), always as a download (admins)',
      errors: [400, 401, 403, 404],
    },
    async (request, reply) => {
      authorize(request.viewer, canManageMailIn);
      const original = await heldMailRaw(serviceContext(app, request), request.params.id);
      if (!original) throw new HttpError(404, MESSAGES.noResultsFound);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-length', original.raw.length)
        .header('content-disposition', downloadDisposition(`mail-${request.params.id}.eml`))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(original.raw as never);
    },
  );
}
