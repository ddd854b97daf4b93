import { webhookEndpoints as api } from '@portal/contract/endpoints';
import { canManageWebhooks } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { serviceContext } from '../services/service-context';
import {
  createWebhook, deleteWebhook, enableWebhook, listWebhooks, redeliverWebhook, rotateWebhookSecret, saveWebhookSettings, sendTestEvent, updateWebhook,
  webhookDeliveries, webhookSettingsOf,
} from '../services/webhooks';
import { endpointRoute } from './endpoint-route';

// Webhooks (docs/product/integrations.md#webhooks): the admins' endpoints, their delivery logs and the allowed private
// hosts. Every change is audited; the signing secret is answered only when made.
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['webhooks'];

  endpointRoute(app, api.webhooks, { tags, summary: 'The webhook endpoints (admins)', errors: [401, 403] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    return listWebhooks(serviceContext(app, request));
  });

  endpointRoute(
    app,
    api.createWebhook,
    {
      tags,
      summary: 'Add a webhook endpoint: answers its signing secret, once (admins; audited)',
      description: 'Deliveries are POSTed as JSON `{ id, type, created_at, data }` signed in `Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.',
      errors: [400, 401, 403],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageWebhooks);
      return createWebhook(serviceContext(app, request), viewer, auditActor(request), request.body);
    },
  );

  endpointRoute(app, api.updateWebhook, { tags, summary: 'Change a webhook endpoint (admins; audited)', errors: [400, 401, 403, 404] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    return updateWebhook(serviceContext(app, request), auditActor(request), request.params.id, request.body);
  });

  endpointRoute(app, api.deleteWebhook, { tags, summary: 'Remove a webhook endpoint and its delivery log (admins; audited)', errors: [401, 403, 404] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    await deleteWebhook(serviceContext(app, request), auditActor(request), request.params.id);
    return { ok: true as const };
  });

  endpointRoute(
    app,
    api.rotateWebhookSecret,
    { tags, summary: 'A new signing secret for an endpoint, answered once; the old one stops at once (admins; audited)', errors: [401, 403, 404] },
    async (request) => {
      authorize(request.viewer, canManageWebhooks);
      return rotateWebhookSecret(serviceContext(app, request), auditActor(request), request.params.id);
    },
  );

  endpointRoute(app, api.enableWebhook, { tags, summary: 'Enable a disabled endpoint again (admins; audited)', errors: [401, 403, 404] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    return enableWebhook(serviceContext(app, request), auditActor(request), request.params.id);
  });

  endpointRoute(app, api.testWebhook, { tags, summary: 'Send a test event to an endpoint (admins)', errors: [401, 403, 404] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    await sendTestEvent(serviceContext(app, request), request.params.id);
    return { ok: true as const };
  });

  endpointRoute(
    app,
    api.webhookDeliveries,
    { tags, summary: "An endpoint's deliveries, newest first, 50 a page (`before`: the last id of the page before) (admins)", errors: [400, 401, 403, 404] },
    async (request) => {
      authorize(request.viewer, canManageWebhooks);
      return webhookDeliveries(serviceContext(app, request), request.params.id, request.query.before ?? null);
    },
  );

  endpointRoute(
    app,
    api.redeliverWebhook,
    { tags, summary: 'Send a delivery again, with the same event id (admins; audited)', errors: [401, 403, 404] },
    async (request) => {
      authorize(request.viewer, canManageWebhooks);
      await redeliverWebhook(serviceContext(app, request), auditActor(request), request.params.id, request.params.delivery_id);
        return { ok: true as const };
    },
  );

  endpointRoute(app, api.webhookSettings, { tags, summary: 'The hosts webhooks may reach although private (admins)', errors: [401, 403] }, async (request) => {
    authorize(request.viewer, canManageWebhooks);
    return webhookSettingsOf(serviceContext(app, request));
  });

  endpointRoute(
    app,
    api.saveWebhookSettings,
    { tags, summary: 'Save the hosts webhooks may reach although private, one a line (admins; audited)', errors: [400, 401, 403] },
    async (request) => {
      authorize(request.viewer, canManageWebhooks);
      return saveWebhookSettings(serviceContext(app, request), auditActor(request), request.body);
    },
  );
}
