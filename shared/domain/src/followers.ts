import { isClient, isStaff } from './groups';
import { canSeeNote } from './note-visibility';
import { canViewTicket, type Viewer } from './policy';

/**
 * Followers and Cc (docs/product/tickets.md#followers-and-cc): who may follow a ticket, who may add or remove
 * someone, who hears of a change, and what an address in Cc of mail in becomes. The API applies these rules;
 * the ticket screen reads them only to offer what the API will allow.
 */

/** A person as these rules read them: their group and the companies they are a contact of. */
export type FollowerPerson = Pick<Viewer, 'contactId' | 'groupId' | 'companyIds'>;

/** A ticket as these rules read it: its company and its requester. */
export interface FollowedTicket {
  company_id: number;
  /** The requester; null when the contact is gone. */
  contact_id: number | null;
}

/** Texts of the followers' rules (the API's answers; the screen shows them as they are). */
export const FOLLOWER_MESSAGES = {
  cannotFollow: 'This person cannot follow this ticket.',
  cannotAdd: 'Only the requester and the support team can add followers.',
  cannotRemove: 'Only the support team can remove another follower.',
  followerNotFound: 'Follower not found.',
  ccAddressNotFound: 'Address not found.',
} as const;

/** Any staff member; a client contact of the ticket's company. */
export function canFollowTicket(person: FollowerPerson, ticket: FollowedTicket): boolean {
  return isStaff(person.groupId) || (isClient(person.groupId) && person.companyIds.includes(ticket.company_id));
}

/** The ticket's requester and staff add followers (anyone who may follow follows on their own). */
export function canAddFollowers(viewer: Viewer, ticket: FollowedTicket): boolean {
  return canViewTicket(viewer, ticket) && (isStaff(viewer.groupId) || (ticket.contact_id !== null && viewer.contactId === ticket.contact_id));
}

/** May `viewer` add `person`: a client contact of the ticket's company, or (staff adding) a staff member too. */
export function canAddFollower(viewer: Viewer, ticket: FollowedTicket, person: FollowerPerson): boolean {
  if (person.contactId === viewer.contactId) return canViewTicket(viewer, ticket) && canFollowTicket(person, ticket);
  return canAddFollowers(viewer, ticket) && canFollowTicket(person, ticket) && (!isStaff(person.groupId) || isStaff(viewer.groupId));
}

/** Anyone may stop following; staff may remove anyone. */
export function canRemoveFollower(viewer: Viewer, ticket: FollowedTicket, followerId: number): boolean {
  return canViewTicket(viewer, ticket) && (viewer.contactId === followerId || isStaff(viewer.groupId));
}

/** The Cc addresses not yet invited are the staff's to read and dismiss. */
export function canSeeCcAddresses(viewer: Pick<Viewer, 'groupId'>): boolean {
  return isStaff(viewer.groupId);
}

/** A follower as the fan-out reads them: active or not. */
export interface FollowerRecipient extends FollowerPerson {
  active: boolean;
}

/**
 * Whom a change of a ticket is told to among its followers: active ones who may still follow it (a contact since
 * unlinked from the company hears nothing), who may see the note (an internal one: staff only), once each, never
 * the one who made it nor anyone in `told` (the requester or assignee the change already tells).
 */
export function followersToTell<F extends FollowerRecipient>(
  followers: readonly F[], ticket: FollowedTicket, change: { internal: boolean }, told: Iterable<number>,
): F[] {
  const skip = new Set(told);
  return followers.filter((follower) => {
    if (skip.has(follower.contactId) || !follower.active) return false;
    skip.add(follower.contactId);
    return canFollowTicket(follower, ticket) && canSeeNote(follower, change);
  });
}

const SNIPPET_MAX = 140;

/**
 * What a notification about a note on a followed ticket quotes of it ('Casey Jones on Fix the header: …', worded by
 * the API in its reader's language): its text on one line, at most 140 characters.
 */
export function followerNoteSnippet(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > SNIPPET_MAX ? `${words.slice(0, SNIPPET_MAX - 1)}…` : words;
}

/** A contact found by an address in Cc. */
export interface CcContact extends FollowerRecipient {
  email: string;
}

/**
 * What the addresses in Cc of a verified mail on a ticket become: an active client contact of the ticket's company
 * follows it; staff and the requester are left alone; any other address (unknown, another company's
 * contact, an inactive one) is listed for staff to invite and never mailed. `own`: addresses that are no one to add
 * (the sender, the support mailbox).
 */
export function ccOutcome(
  cc: readonly string[], ticket: FollowedTicket, contacts: readonly CcContact[], own: readonly string[],
): { follow: number[]; unknown: string[] } {
  const byEmail = new Map(contacts.map((contact) => [contact.email.trim().toLowerCase(), contact]));
  const skip = new Set(own.map((address) => address.trim().toLowerCase()));
  const follow = new Set<number>();
  const unknown = new Set<string>();
  for (const raw of cc) {
    const address = raw.trim().toLowerCase();
    if (address === '' || skip.has(address)) continue;
    const contact = byEmail.get(address);
    // Staff follow on their own; the requester hears of the ticket as its requester.
    if (contact && (isStaff(contact.groupId) || contact.contactId === ticket.contact_id)) continue;
    if (contact && contact.active && canFollowTicket(contact, ticket)) follow.add(contact.contactId);
    else unknown.add(address);
  }
  return { follow: [...follow], unknown: [...unknown] };
}
