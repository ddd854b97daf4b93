import { messageEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canRequeueMail, canResendMessage, canUseMessageCenter } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { listFailedMail, requeueFailedMail } from '../services/failed-mail';
import { queueMessage, resendToFailed, resolveRecipients } from '../services/message-center';
import { endpointRoute } from './endpoint-route';
import { serviceContext } from '../services/service-context';

/** The message centre (docs/product/messaging.md#message-centre) and failed outbox mail (docs/product/messaging.md#failed-mail): admins only. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.messageRecipients,
    {
      tags: ['messages'],
      summary: 'Who a recipient kind and its filters reach, with each one’s token values (admins)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return resolveRecipients(serviceContext(app, request), request.body);
    },
  );

  endpointRoute(
    app,
    api.sendMessage,
    {
      tags: ['messages'],
      summary: 'Queue a message to the ticked recipients; the job runner sends it (admins). Poll GET /sendmail/:messageId',
      errors: [400, 401, 403],
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canUseMessageCenter);
      const { result: messageId, changes } = await queueMessage(serviceContext(app, request), request.body, viewer.contactId);
      await app.events.publish(...changes, { kind: 'message', messageId });
      return reply.code(202).send({ message_id: messageId });
    },
  );

  endpointRoute(
    app,
    api.sentMessages,
    {
      tags: ['messages'],
      summary: 'Sent messages, newest first, with their counts (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return repos.messages.list();
    },
  );

  endpointRoute(
    app,
    api.messageProgress,
    {
      tags: ['messages'],
      summary: 'One message’s progress, recipient by recipient (admins)',
      errors: [401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      const progress = await repos.messages.progress(request.params.messageId);
      if (!progress) throw new HttpError(404, MESSAGES.noResultsFound);
      return progress;
    },
  );

  endpointRoute(
    app,
    api.resendMessage,
    {
      tags: ['messages'],
      summary: 'Mail a message again to its failed recipients only, each as a new outbox mail (admins; audited)',
      errors: [401, 403, 404, 409],
    },
    async (request) => {
      authorize(request.viewer, canResendMessage);
      const { result, changes } = await resendToFailed(serviceContext(app, request), request.params.messageId, auditActor(request));
      await app.events.publish(...changes, { kind: 'message', messageId: request.params.messageId });
      return result;
    },
  );

  endpointRoute(
    app,
    api.failedMail,
    {
      tags: ['messages'],
      summary: 'Mail the outbox gave up on and that was not sent again, newest first (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canRequeueMail);
      return listFailedMail(serviceContext(app, request));
    },
  );

  endpointRoute(
    app,
    api.mailStatus,
    {
      tags: ['messages'],
      summary: 'Whether a mail server (SMTP_URL) is set; without one mail waits in the outbox, queued (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return { smtp_configured: app.mailTransport !== null, setting: 'SMTP_URL' as const };
    },
  );

  endpointRoute(
    app,
    api.requeueMail,
    {
      tags: ['messages'],
      summary: 'Put a failed mail back in the queue, due at once (admins; audited)',
      errors: [401, 403, 404, 409],
    },
    async (request) => {
      authorize(request.viewer, canRequeueMail);
      const { result, changes } = await requeueFailedMail(serviceContext(app, request), request.params.id, auditActor(request));
      await app.events.publish(...changes);
      return result;
    },
  );
}
