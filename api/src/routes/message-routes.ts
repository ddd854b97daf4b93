import {
  failedMailList, idParam, messageIdParam, messageProgress, messageQueued, messageRecipientList, messageResent, messageSend, messageSummaryList,
  okAnswer, recipientsQuery,
} from '@portal/contract';
import { MESSAGES, canRequeueMail, canResendMessage, canUseMessageCenter } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { listFailedMail, requeueFailedMail } from '../services/failed-mail';
import { queueMessage, resendToFailed, resolveRecipients } from '../services/message-center';
import { errorResponses } from './route-helpers';
import { serviceContext } from '../services/service-context';

/** The message centre (docs/product/messaging.md#message-centre) and failed outbox mail (docs/product/messaging.md#failed-mail): admins only. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.post(
    '/sendmail/recipients',
    {
      schema: {
        tags: ['messages'],
        summary: 'Who a recipient kind and its filters reach, with each one’s token values (admins)',
        body: recipientsQuery,
        response: { 200: messageRecipientList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return resolveRecipients(serviceContext(app, request), request.body);
    },
  );

  routes.post(
    '/sendmail',
    {
      schema: {
        tags: ['messages'],
        summary: 'Queue a message to the ticked recipients; the job runner sends it (admins). Poll GET /sendmail/:messageId',
        body: messageSend,
        response: { 202: messageQueued, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canUseMessageCenter);
      const { result: messageId, changes } = await queueMessage(serviceContext(app, request), request.body, viewer.contactId);
      await app.events.publish(...changes, { kind: 'message', messageId });
      return reply.code(202).send({ message_id: messageId });
    },
  );

  routes.get(
    '/sendmail',
    {
      schema: {
        tags: ['messages'],
        summary: 'Sent messages, newest first, with their counts (admins)',
        response: { 200: messageSummaryList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return repos.messages.list();
    },
  );

  routes.get(
    '/sendmail/:messageId',
    {
      schema: {
        tags: ['messages'],
        summary: 'One message’s progress, recipient by recipient (admins)',
        params: messageIdParam,
        response: { 200: messageProgress, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      const progress = await repos.messages.progress(request.params.messageId);
      if (!progress) throw new HttpError(404, MESSAGES.noResultsFound);
      return progress;
    },
  );

  routes.post(
    '/sendmail/:messageId/resend',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mail a message again to its failed recipients only, each as a new outbox mail (admins; audited)',
        params: messageIdParam,
        response: { 200: messageResent, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      authorize(request.viewer, canResendMessage);
      const { result, changes } = await resendToFailed(serviceContext(app, request), request.params.messageId, auditActor(request));
      await app.events.publish(...changes, { kind: 'message', messageId: request.params.messageId });
      return result;
    },
  );

  routes.get(
    '/mail-outbox/failed',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mail the outbox gave up on and that was not sent again, newest first (admins)',
        response: { 200: failedMailList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canRequeueMail);
      return listFailedMail(serviceContext(app, request));
    },
  );

  routes.post(
    '/mail-outbox/:id/requeue',
    {
      schema: {
        tags: ['messages'],
        summary: 'Put a failed mail back in the queue, due at once (admins; audited)',
        params: idParam,
        response: { 200: okAnswer, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      authorize(request.viewer, canRequeueMail);
      const { result, changes } = await requeueFailedMail(serviceContext(app, request), request.params.id, auditActor(request));
      await app.events.publish(...changes);
      return result;
    },
  );
}
