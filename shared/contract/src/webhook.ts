import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, WEBHOOK_MESSAGES } from '@portal/domain';
import { id, isoDate } from './common';

/** An endpoint as the Webhooks tab lists it (docs/product/integrations.md#webhooks): never its secret. */
export const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  format: z.enum(WEBHOOK_FORMATS),
  urgent_only: z.boolean(),
  staff_only: z.boolean(),
  active: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: isoDate.nullable(),
  date_created: isoDate,
});
export type Webhook = z.infer<typeof webhook>;

/** POST /webhooks and PUT /webhooks/:id. */
export const webhookSave = z.object({
  url: z.string().trim().min(1, WEBHOOK_MESSAGES.badUrl).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MESSAGES.noEvents),
  company_id: z.number().int().positive().nullable().default(null),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
  urgent_only: z.boolean().default(false),
  staff_only: z.boolean().default(false),
});
export type WebhookSave = z.input<typeof webhookSave>;

/** The new endpoint with its signing secret, answered once (and again only by rotating it). */
export const webhookCreated = webhook.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

/** One line of an endpoint's delivery log. */
export const webhookDelivery = z.object({
  id,
  event_id: z.string(),
  type: z.string(),
  ticket_id: id.nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_answer: z.string().nullable(),
  last_error: z.string().nullable(),
  date_created: isoDate,
  date_delivered: isoDate.nullable(),
  next_attempt_at: isoDate.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryQuery = z.object({ before: z.coerce.number().int().positive().optional() });
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuery>;
export const webhookDeliveryParams = z.object({ id: z.coerce.number().int(), delivery_id: z.coerce.number().int() });

/** The admins' allowed private hosts, one a line. */
export const webhookSettings = z.object({ allowed_hosts: z.string().max(4000) });
export type WebhookSettings = z.infer<typeof webhookSettings>;
