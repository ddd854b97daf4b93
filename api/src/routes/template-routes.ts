import { templateEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canUseMessageCenter } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { saveTemplate } from '../services/message-center';
import { endpointRoute } from './endpoint-route';
import { serviceContext } from '../services/service-context';

/** The message centre's saved templates (docs/product/messaging.md#templates): admins only. */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.mailTemplates,
    {
      tags: ['templates'],
      summary: 'The saved message templates, by name (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canUseMessageCenter);
      return repos.messages.listTemplates();
    },
  );

  endpointRoute(
    app,
    api.saveMailTemplate,
    {
      tags: ['templates'],
      summary: 'Save the template of that name, replacing one of the same name (admins)',
      errors: [400, 401, 403],
      config: { invalidInputMessage: MESSAGES.templateSaveFailed },
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
