import { randomBytes } from 'node:crypto';
import { isUrgentPriority, type WebhookEventType } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { insertWebhookEvent } from '../repositories/webhook-repository';

// The event outbox (docs/decisions/0021-webhooks-from-an-event-outbox.md): a service that makes a change webhooks
// announce records it here, on the change's own transaction, so an event exists if and only if its change committed.
// Every change is recorded whether or not a webhook exists now: a webhook another process adds meanwhile still hears
// what happens after it was added, and old events are removed by the job runner after 30 days.

/** The ticket an event is about, as the service has it. */
export interface WebhookTicket {
  ticket_id: number;
  company_id: number;
  title: string;
  priority_id: number;
  status_id: number;
  contact_id?: number | null;
  assignee_id?: number | null;
}

export interface WebhookEventInput {
  type: WebhookEventType;
  /** When it happened: the service's clock. */
  at: Date;
  ticket?: WebhookTicket | null;
  /** Without a ticket (an invoice): the company it is about. */
  companyId?: number | null;
  /** An internal note: only staff-only endpoints hear it. */
  internal?: boolean;
  /** What the event says besides its ticket (the body's `data`). */
  data?: Record<string, unknown>;
}

/** A new stable event id: `evt_` and 24 base64url characters. */
export const newWebhookEventId = (): string => `evt_${randomBytes(18).toString('base64url')}`;

const ticketData = (ticket: WebhookTicket) => ({
  id: ticket.ticket_id,
  company_id: ticket.company_id,
  title: ticket.title,
  priority_id: ticket.priority_id,
  status_id: ticket.status_id,
  ...(ticket.contact_id !== undefined ? { contact_id: ticket.contact_id } : {}),
  ...(ticket.assignee_id !== undefined ? { assignee_id: ticket.assignee_id } : {}),
});

/** Records `event` on `trx` for the webhooks that want it (docs/product/integrations.md#events). */
export async function recordWebhookEvent(trx: PortalDb, event: WebhookEventInput): Promise<void> {
  const ticket = event.ticket ?? null;
  await insertWebhookEvent(trx, {
    event_id: newWebhookEventId(),
    type: event.type,
    ticket_id: ticket?.ticket_id ?? null,
    company_id: ticket?.company_id ?? event.companyId ?? null,
    internal: event.internal ? 1 : 0,
    urgent: ticket && isUrgentPriority(ticket.priority_id) ? 1 : 0,
    payload: JSON.stringify({ ...(ticket ? { ticket: ticketData(ticket) } : {}), ...event.data }),
    date_created: event.at.toISOString(),
  });
}

/**
 * A ticket's change as webhooks hear it: `ticket.status_changed` (from, to) when its status changed and
 * `ticket.updated` (the fields that changed, with their new values) when anything else did.
 */
export async function recordTicketUpdate(trx: PortalDb, before: WebhookTicket, patch: Readonly<Record<string, unknown>>, at: Date): Promise<void> {
  const after = { ...before, ...patch } as WebhookTicket;
  if (patch.status_id !== undefined && patch.status_id !== before.status_id) {
    await recordWebhookEvent(trx, { type: 'ticket.status_changed', at, ticket: after, data: { status: { from: before.status_id, to: after.status_id } } });
  }
  const changed = Object.fromEntries(Object.entries(patch).filter(([field]) => !['status_id', 'date_updated', 'date_completed'].includes(field)));
  if (Object.keys(changed).length > 0) await recordWebhookEvent(trx, { type: 'ticket.updated', at, ticket: after, data: { changes: changed } });
}
