import {
  messageIdParam, messageProgress, messageQueued, messageRecipientList, messageSend, messageSummaryList, recipientsQuery,
} from '@portal/contract';
import { MESSAGES, canUseMessageCenter } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { queueMessage, resolveRecipients } from '../services/message-center';
import { errorResponses } from './route-helpers';
import { serviceContext } from '../services/service-context';

/** The message centre (docs/product/messaging.md#message-centre): admins only. */
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
      app.events.publish(...changes);
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
}
