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
import type { ServiceContext, Written } from './service-context';
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
    const keyed = await keyedTicket(ctx, companyId, body.key);
    const outcome = inboundKeyOutcome(keyed === null ? null : keyed.ticket ?? 'gone');
    if (outcome === 'note' && keyed?.ticket) {
      const { result, changes } = await addActivityNote(ctx, viewer, keyed.ticket, { note: inboundRepeatNote(body), internal: false });
      return { result: { ticket_id: keyed.ticket.ticket_id, created: false, note_id: result.activity_id }, changes };
    }
    const now = ctx.clock().toISOString();
    try {
      const created = await createTicket(ctx, viewer, { body: ticketBody, input, timeZone: request.timeZone, actor: request.actor }, {
        alsoWrite: async (trx, ticket) => {
          if (keyed === null) {
            await trx.insertInto('inbound_keys').values({ company_id: companyId, key: body.key, ticket_id: ticket.ticket_id, date_created: now }).execute();
            return;
          }
          const moved = await trx.updateTable('inbound_keys').set({ ticket_id: ticket.ticket_id, date_created: now })
            .where('company_id', '=', companyId).where('key', '=', body.key).where('ticket_id', '=', keyed.ticketId)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw new KeyMoved();
        },
      });
      return { result: { ticket_id: created.result, created: true }, changes: created.changes };
    } catch (error) {
      if (!(error instanceof KeyMoved || isUniqueViolation(error)) || attempt >= ATTEMPTS) throw error;
      // Another request with this key committed first: its ticket is the key's now; read again.
    }
  }
}

/** The key's row and its ticket (undefined: deleted since), or null for a key never used at this company. */
async function keyedTicket(
  ctx: ServiceContext, companyId: number, key: string,
): Promise<{ ticketId: number; ticket: { ticket_id: number; company_id: number; status_id: number } | undefined } | null> {
  const row = await ctx.db.selectFrom('inbound_keys').select('ticket_id').where('company_id', '=', companyId).where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  const ticket = await ctx.db.selectFrom('tickets').select(['ticket_id', 'company_id', 'status_id']).where('ticket_id', '=', row.ticket_id).executeTakeFirst();
  return { ticketId: row.ticket_id, ticket };
}

/** The grant of a request that may open inbound tickets: a bearer token of inbound or read-write access. */
export function inboundGrant(grant: ApiTokenGrant | null): ApiTokenGrant {
  if (grant === null) throw new HttpError(403, INBOUND_MESSAGES.bearerOnly);
  if (grant.access !== 'inbound' && grant.access !== 'write') throw new HttpError(403, INBOUND_MESSAGES.tokenAccess);
  return grant;
}
