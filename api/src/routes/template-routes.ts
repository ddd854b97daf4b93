import { mailTemplate, mailTemplateList, mailTemplateSave, templateNameParam } from '@portal/contract';
import { MESSAGES, canUseMessageCenter } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { saveTemplate } from '../services/message-center';
import { errorResponses } from './route-helpers';
import { serviceContext } from '../services/service-context';

/** The message centre's saved templates (docs/product/messaging.md#templates): admins only. */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/sendmail/templates',
    {
      schema: {
        tags: ['templates'],
        summary: 'The saved message templates, by name (admins)',
        response: { 200: mailTemplateList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return repos.messages.listTemplates();
    },
  );

  routes.post(
    '/sendmail/templates/:name',
    {
      config: { invalidInputMessage: MESSAGES.templateSaveFailed },
      schema: {
        tags: ['templates'],
        summary: 'Save the template of that name, replacing one of the same name (admins)',
        params: templateNameParam,
        body: mailTemplateSave,
        response: { 200: mailTemplate, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      const { name, subject, message } = request.body;
      if (name !== request.params.name) throw new HttpError(400, MESSAGES.templateSaveFailed);
      const saved = await saveTemplate(serviceContext(app, request), { name, subject, message });
      await app.events.publish({ kind: 'templates' });
      return saved;
    },
  );
}
