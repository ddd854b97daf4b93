// A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): POST /api/inbound/tickets with a token
// opens a ticket as the new-ticket form does. These are its rules: which company, the priority and type by name, and
// what a repeated key does.
import { findLookup, PRIORITY, TYPE, type LookupItem } from './lookups';
import { isClosedTicket } from './ticket-placement';

/** The caller's idempotency key: at most this many characters. */
export const INBOUND_KEY_MAX = 200;
export const INBOUND_TITLE_MAX = 200;

export const INBOUND_MESSAGES = {
  bearerOnly: 'Inbound tickets are opened with an API token: send it as Authorization: Bearer.',
  tokenAccess: 'This API token cannot open tickets: use a token with inbound or read-write access.',
  companyRequired: 'Name the company: company_id is required for this token.',
  companyOutOfScope: 'This API token cannot open tickets for that company.',
  unknownPriority: 'Unknown priority: use one of the portal\'s priority names or ids.',
  unknownType: 'Unknown type: use one of the portal\'s ticket type names or ids.',
  invalid: 'The ticket was not opened: it needs a title, a description and a key of at most 200 characters.',
} as const;

export type InboundCompany = { ok: true; companyId: number } | { ok: false; status: 400 | 403; message: string };

/**
 * The ticket's company: the token's company when it has one (another one named is refused); else the one named; else a
 * client's only company. Whether the owner may open tickets for it is the new-ticket form's rule, checked after.
 */
export function inboundCompanyId(input: {
  requested: number | undefined; tokenCompanyId: number | null; staff: boolean; clientCompanyIds: readonly number[];
}): InboundCompany {
  const { requested, tokenCompanyId, staff, clientCompanyIds } = input;
  if (tokenCompanyId !== null) {
    return requested === undefined || requested === tokenCompanyId
      ? { ok: true, companyId: tokenCompanyId }
      : { ok: false, status: 403, message: INBOUND_MESSAGES.companyOutOfScope };
  }
  if (requested !== undefined) return { ok: true, companyId: requested };
  if (!staff && clientCompanyIds.length === 1) return { ok: true, companyId: clientCompanyIds[0]! };
  return { ok: false, status: 400, message: INBOUND_MESSAGES.companyRequired };
}

/** A priority or type given by name (any case) or id; `fallback` when none is given; null when the list has no such item. */
export function inboundLookupId(list: readonly LookupItem[], given: string | number | undefined, fallback: number): number | null {
  if (given === undefined) return fallback;
  const text = String(given).trim();
  const id = /^\d+$/.test(text) ? Number(text) : list.find((item) => item.name.toLowerCase() === text.toLowerCase())?.id;
  return id !== undefined && findLookup(list, id) !== undefined ? id : null;
}

export interface InboundTicketRequest {
  title: string;
  description: string;
  priority?: string | number;
  type?: string | number;
}

/** The new-ticket form's fields of an inbound request; priority Medium and type Incident/Bug unless given. */
export function inboundTicketFields(
  request: InboundTicketRequest, companyId: number, lists: { priorities: readonly LookupItem[]; types: readonly LookupItem[] },
): { ok: true; value: { company_id: number; title: string; description: string; priority_id: number; type_id: number; estimate_required: 0 } } | { ok: false; message: string } {
  const priorityId = inboundLookupId(lists.priorities, request.priority, PRIORITY.medium);
  if (priorityId === null) return { ok: false, message: INBOUND_MESSAGES.unknownPriority };
  const typeId = inboundLookupId(lists.types, request.type, TYPE.incidentBug);
  if (typeId === null) return { ok: false, message: INBOUND_MESSAGES.unknownType };
  return { ok: true, value: { company_id: companyId, title: request.title, description: request.description, priority_id: priorityId, type_id: typeId, estimate_required: 0 } };
}

/**
 * What a request does with its key: a new key opens a ticket; the key of a ticket still open adds a public note to it;
 * the key of a closed ticket (or one deleted since: 'gone') opens a new ticket, and the key then names that one.
 */
export function inboundKeyOutcome(keyed: { status_id: number } | 'gone' | null): 'open' | 'note' | 'reopen' {
  if (keyed === null) return 'open';
  return keyed === 'gone' || isClosedTicket(keyed.status_id) ? 'reopen' : 'note';
}

/** The public note a repeat adds to the open ticket: its title in bold, then its description. */
export function inboundRepeatNote(request: { title: string; description: string }): string {
  return `**${request.title}**\n\n${request.description}`;
}
