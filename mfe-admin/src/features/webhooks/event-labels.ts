import type { WebhookEventType } from '@portal/domain';
import { useT } from '../../messages';

/** Each event type as the Webhooks tab names it (WEBHOOK_EVENT_LABELS of @portal/domain in English): a literal key each. */
export const WEBHOOK_EVENT_KEYS = {
  'ticket.created': 'webhooks.eventTicketCreated',
  'ticket.updated': 'webhooks.eventTicketUpdated',
  'ticket.status_changed': 'webhooks.eventStatusChanged',
  'ticket.note_added': 'webhooks.eventNoteAdded',
  'time.logged': 'webhooks.eventTimeLogged',
  'invoice.issued': 'webhooks.eventInvoiceIssued',
  'sla.breached': 'webhooks.eventSlaBreached',
} as const satisfies Record<WebhookEventType, string>;

const isKnownEvent = (type: string): type is WebhookEventType => Object.hasOwn(WEBHOOK_EVENT_KEYS, type);

/** What the screens call an event type (webhookEventLabel of @portal/domain): its label, "Test" for Send test's event, the type itself otherwise. */
export function useWebhookEventLabel(): (type: string) => string {
  const t = useT();
  return (type) => (type === 'webhook.test' ? t('webhooks.eventTest') : isKnownEvent(type) ? t(WEBHOOK_EVENT_KEYS[type]) : type);
}
