import { INBOUND_KEY_MAX, INBOUND_TITLE_MAX } from '@portal/domain';
import { z } from 'zod';
import { id } from './common';

// A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): POST /inbound/tickets with an API token.

const lookupRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(60)]);

export const inboundTicketCreate = z.object({
  /** Optional when the token names one company or its owner is a client of exactly one. */
  company_id: z.number().int().positive().optional(),
  title: z.string().trim().min(1).max(INBOUND_TITLE_MAX),
  /** Markdown, as the new-ticket form's. */
  description: z.string().trim().min(1).max(100_000),
  /** A priority's name (any case) or id; Medium when absent. */
  priority: lookupRef.optional(),
  /** A ticket type's name (any case) or id; Incident/Bug when absent. */
  type: lookupRef.optional(),
  /** The caller's idempotency key: a repeat while its ticket is open adds a note to it. */
  key: z.string().trim().min(1).max(INBOUND_KEY_MAX),
});
export type InboundTicketCreate = z.input<typeof inboundTicketCreate>;

/** 201 with created true: a new ticket; 200 with created false: the key's open ticket got the request as a note. */
export const inboundTicketAnswer = z.object({ ticket_id: id, created: z.boolean(), note_id: id.optional() });
export type InboundTicketAnswer = z.infer<typeof inboundTicketAnswer>;
