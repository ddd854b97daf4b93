import type { EndpointTable } from './endpoint';

/**
 * Webhooks (docs/product/integrations.md#webhooks), the admins' only: endpoints listed, added (the signing secret
 * answered once), changed, removed, their secret rotated, enabled again, a test event sent; an endpoint's delivery log
 * and a delivery sent again; the allowed private hosts.
 */
export const webhookEndpoints = {
  webhooks: { method: 'GET', path: '/webhooks', answer: 'webhook', many: true },
  createWebhook: { method: 'POST', path: '/webhooks', body: 'webhookSave', answer: 'webhookCreated', status: 201 },
  updateWebhook: { method: 'PUT', path: '/webhooks/:id', params: 'idParam', body: 'webhookSave', answer: 'webhook' },
  deleteWebhook: { method: 'DELETE', path: '/webhooks/:id', params: 'idParam', answer: 'okAnswer' },
  rotateWebhookSecret: { method: 'POST', path: '/webhooks/:id/secret', params: 'idParam', answer: 'webhookCreated' },
  enableWebhook: { method: 'POST', path: '/webhooks/:id/enable', params: 'idParam', answer: 'webhook' },
  testWebhook: { method: 'POST', path: '/webhooks/:id/test', params: 'idParam', answer: 'okAnswer', status: 202 },
  webhookDeliveries: { method: 'GET', path: '/webhooks/:id/deliveries', params: 'idParam', query: 'webhookDeliveryQuery', answer: 'webhookDelivery', many: true },
  redeliverWebhook: { method: 'POST', path: '/webhooks/:id/deliveries/:delivery_id/redeliver', params: 'webhookDeliveryParams', answer: 'okAnswer', status: 202 },
  webhookSettings: { method: 'GET', path: '/webhook-settings', answer: 'webhookSettings' },
  saveWebhookSettings: { method: 'PUT', path: '/webhook-settings', body: 'webhookSettings', answer: 'webhookSettings' },
} as const satisfies EndpointTable;
