import useSWR from 'swr';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookSave, WebhookSettings } from '@portal/contract';
import { pathOf, webhookEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

/** The webhook endpoints (admins; docs/product/integrations.md#webhooks). */
export const webhooksKey = pathOf(api.webhooks, {});
/** An endpoint's delivery log, newest first. */
export const webhookDeliveriesKey = (id: number) => pathOf(api.webhookDeliveries, { id });
export const webhookSettingsKey = pathOf(api.webhookSettings, {});

export interface WebhooksApi {
  list(): Promise<Webhook[]>;
  /** Answers the signing secret, once. */
  create(body: WebhookSave): Promise<WebhookCreated>;
  update(id: number, body: WebhookSave): Promise<Webhook>;
  remove(id: number): Promise<{ ok: true }>;
  rotateSecret(id: number): Promise<WebhookCreated>;
  enable(id: number): Promise<Webhook>;
  sendTest(id: number): Promise<{ ok: true }>;
  deliveries(id: number): Promise<WebhookDelivery[]>;
  redeliver(id: number, deliveryId: number): Promise<{ ok: true }>;
  settings(): Promise<WebhookSettings>;
  saveSettings(body: WebhookSettings): Promise<WebhookSettings>;
}

export function createWebhooksApi(http: Http): WebhooksApi {
  return {
    list: () => http(api.webhooks, {}),
    create: (body) => http(api.createWebhook, { body }),
    update: (id, body) => http(api.updateWebhook, { params: { id }, body }),
    remove: (id) => http(api.deleteWebhook, { params: { id } }),
    rotateSecret: (id) => http(api.rotateWebhookSecret, { params: { id } }),
    enable: (id) => http(api.enableWebhook, { params: { id } }),
    sendTest: (id) => http(api.testWebhook, { params: { id } }),
    deliveries: (id) => http(api.webhookDeliveries, { params: { id } }),
    redeliver: (id, deliveryId) => http(api.redeliverWebhook, { params: { id, delivery_id: deliveryId } }),
    settings: () => http(api.webhookSettings, {}),
    saveSettings: (body) => http(api.saveWebhookSettings, { body }),
  };
}

export function useWebhooks() {
  const client = useApiClient();
  return useSWR(webhooksKey, () => client.webhooks.list());
}

export function useWebhookDeliveries(id: number | null) {
  const client = useApiClient();
  return useSWR(id ? webhookDeliveriesKey(id) : null, () => client.webhooks.deliveries(id as number));
}

export function useWebhookSettings() {
  const client = useApiClient();
  return useSWR(webhookSettingsKey, () => client.webhooks.settings());
}

/** Every write reads the list, the delivery logs and the settings again, whichever way it went. */
export function useWebhookMutations() {
  const client = useApiClient();
  const refresh = useRefreshAfter((key) => typeof key === 'string' && (key.startsWith('/webhooks') || key === webhookSettingsKey));
  const w = client.webhooks;
  return {
    create: (body: WebhookSave) => refresh(w.create(body)),
    update: (id: number, body: WebhookSave) => refresh(w.update(id, body)),
    remove: (id: number) => refresh(w.remove(id)),
    rotateSecret: (id: number) => refresh(w.rotateSecret(id)),
    enable: (id: number) => refresh(w.enable(id)),
    sendTest: (id: number) => refresh(w.sendTest(id)),
    redeliver: (id: number, deliveryId: number) => refresh(w.redeliver(id, deliveryId)),
    saveSettings: (body: WebhookSettings) => refresh(w.saveSettings(body)),
  };
}
