import type { InboundTicketAnswer, inboundTicketCreate } from '@portal/contract';
import {
  INBOUND_MESSAGES, canCreateTicket, inboundCompanyId, inboundKeyOutcome, inboundRepeatNote, inboundTicketFields, isStaff,
  type ApiTokenGrant, type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { isUniqueViolation } from '../repositories/unique-violation';
import { addActivityNote } from './activity-notes';
import type { AuditActor } from './audit';
import { lookupOption } from './option-defaults';
import { onTransaction, type ServiceContext, type Written } from './service-context';
import { createTicket, newTicketInput, type TicketCreateBody } from './ticket-creation';

/** Another request moved the key between this one's read and its transaction: roll back and read it again. */
class KeyMoved extends Error {}

/** Rounds of read-then-write a request makes when it loses races to the same key (each lost round means another won). */
const ATTEMPTS = 3;

/**
 * POST /inbound/tickets (docs/product/integrations.md#a-ticket-from-anywhere): the company the token and its owner
 * allow, then by the key: a new ticket through the new-ticket form's service (createTicket: every rule, mail,
 * notification and event of a ticket opened on the screen), or a public note on the key's open ticket. The key's row is
 * written on the new ticket's transaction, so of two requests with one key at once one ticket commits and the other
 * request, refused by the unique key, adds its note to it.
 */
export async function openInboundTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  grant: ApiTokenGrant,
  request: { body: z.output<typeof inboundTicketCreate>; timeZone: string; actor: AuditActor },
): Promise<Written<InboundTicketAnswer>> {
  const { body } = request;
  const company = inboundCompanyId({
    requested: body.company_id, tokenCompanyId: grant.companyId, staff: isStaff(viewer.groupId), clientCompanyIds: viewer.companyIds,
  });
  if (!company.ok) throw new HttpError(company.status, company.message);
  const companyId = company.companyId;
  if (!canCreateTicket(viewer, companyId)) throw new HttpError(403, INBOUND_MESSAGES.companyOutOfScope);
  const [types, priorities] = await Promise.all([lookupOption(ctx.repos.options, 'type-defaults'), lookupOption(ctx.repos.options, 'priority-defaults')]);
  const fields = inboundTicketFields(body, companyId, { types, priorities });
  if (!fields.ok) throw new HttpError(400, fields.message);
  const ticketBody: TicketCreateBody = fields.value;
  const input = newTicketInput(ticketBody);

  for (let attempt = 1; ; attempt += 1) {
    const keyed = await ctx.repos.inboundKeys.keyedTicket(companyId, body.key);
    const outcome = inboundKeyOutcome(keyed === null ? null : keyed.ticket ?? 'gone');
    if (outcome === 'note' && keyed?.ticket) {
      const { result, changes } = await addActivityNote(ctx, viewer, keyed.ticket, { note: inboundRepeatNote(body), internal: false });
      return { result: { ticket_id: keyed.ticket.ticket_id, created: false, note_id: result.activity_id }, changes };
    }
    const now = ctx.clock();
    try {
      const created = await createTicket(ctx, viewer, { body: ticketBody, input, timeZone: request.timeZone, actor: request.actor }, {
        alsoWrite: async (trx, ticket) => {
          const keys = onTransaction(ctx, trx).repos.inboundKeys;
          if (keyed === null) await keys.add(companyId, body.key, ticket.ticket_id, now);
          else if (!(await keys.move(companyId, body.key, keyed.ticketId, ticket.ticket_id, now))) throw new KeyMoved();
        },
      });
      return { result: { ticket_id: created.result, created: true }, changes: created.changes };
    } catch (error) {
      if (!(error instanceof KeyMoved || isUniqueViolation(error)) || attempt >= ATTEMPTS) throw error;
      // Another request with this key committed first: its ticket is the key's now; read again.
    }
  }
}

/** The grant of a request that may open inbound tickets: a bearer token of inbound or read-write access. */
export function inboundGrant(grant: ApiTokenGrant | null): ApiTokenGrant {
  if (grant === null) throw new HttpError(403, INBOUND_MESSAGES.bearerOnly);
  if (grant.access !== 'inbound' && grant.access !== 'write') throw new HttpError(403, INBOUND_MESSAGES.tokenAccess);
  return grant;
}
