import { isStaff } from './groups';
import { STATUS } from './lookups';

// Who a message-centre send reaches (docs/product/messaging.md#recipients): client recipients are primary contacts, once
// per contact and company; ticket recipients are the owners or the agents of tickets in the chosen
// statuses (never Complete or Cancelled), once per contact with their tickets.

export const TICKET_CONTACT_TYPES = ['owner', 'agent'] as const;
export type TicketContactType = (typeof TICKET_CONTACT_TYPES)[number];

/** A ticket status a message may target: any but Complete (5) and Cancelled (6). */
export function isMessageTicketStatus(statusId: number): boolean {
  return Number.isInteger(statusId) && statusId > 0 && statusId !== STATUS.complete && statusId !== STATUS.cancelled;
}

export interface ClientLink {
  contact_id: number;
  company_id: number;
  primary: number;
}

/** The primary links, each contact-and-company pair once, in the order given. */
export function clientRecipientLinks<T extends ClientLink>(links: readonly T[]): T[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = `${link.contact_id}:${link.company_id}`;
    if (Number(link.primary) !== 1 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface RecipientTicket {
  ticket_id: number;
  company_id: number;
  contact_id: number | null;
  assignee_id: number | null;
  status_id: number;
}

export interface TicketRecipient {
  contact_id: number;
  /** The company of the contact's first ticket (its `companyName` token). */
  company_id: number;
  ticket_ids: number[];
}

/** One recipient per owner (or agent) of the tickets in `statusIds`, with its tickets in order. */
export function ticketRecipients(
  tickets: readonly RecipientTicket[],
  contactType: TicketContactType,
  statusIds: readonly number[],
): TicketRecipient[] {
  const statuses = new Set(statusIds.filter(isMessageTicketStatus));
  const byContact = new Map<number, TicketRecipient>();
  for (const ticket of tickets) {
    if (!statuses.has(ticket.status_id)) continue;
    const contactId = contactType === 'owner' ? ticket.contact_id : ticket.assignee_id;
    if (contactId === null) continue;
    const recipient = byContact.get(contactId);
    if (recipient) recipient.ticket_ids.push(ticket.ticket_id);
    else byContact.set(contactId, { contact_id: contactId, company_id: ticket.company_id, ticket_ids: [ticket.ticket_id] });
  }
  return [...byContact.values()];
}

export interface MailableContact {
  active: number;
  email: string;
  group_id: number;
}

/** Why a recipient cannot be sent the message, or null (checked again when the job sends it). */
export function recipientProblem(contact: MailableContact | null | undefined): string | null {
  if (!contact) return 'Contact not found.';
  if (contact.active !== 1) return 'Contact no longer active.';
  if (contact.email.trim() === '') return 'No e-mail address.';
  return null;
}

/** The agents kind: active staff (groups 1-4). */
export function isMessageAgent(contact: MailableContact): boolean {
  return contact.active === 1 && isStaff(contact.group_id);
}
