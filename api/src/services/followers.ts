import type { TicketFollowers } from '@portal/contract';
import {
  FOLLOWER_MESSAGES, MESSAGES, canAddFollower, canAddFollowers, canFollowTicket, canRemoveFollower, canSeeCcAddresses, canViewTicket, ccOutcome,
  followerNoteSnippet, followersToTell, isStaff, notificationChanges, type Change, type FollowedTicket, type FollowerRecipient, type Viewer,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import type { FollowerRow } from '../repositories/follower-repository';
import { perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import { addBellNotifications, type BellText } from './bell';
import { activityMail } from './mail-templates';
import type { ServiceContext, Written } from './service-context';
import { queueTicketMail, type TicketMailContext } from './ticket-mail';

// Followers and Cc (docs/product/tickets.md#followers-and-cc). The rules are @portal/domain's (followers.ts); here
// they meet the rows: the list a caller reads, the changes of it, whom a ticket's change is told to among its
// followers (a notification and, for a note, a mail of their own each: no follower's address is in anyone
// else's mail), and what the Cc of a verified mail in makes of its addresses.

/** A ticket as the followers' service reads it. */
export interface FollowedTicketRow extends FollowedTicket {
  ticket_id: number;
  title: string;
}

const followersChanged = (ticket: { ticket_id: number; company_id: number }): Change =>
  ({ kind: 'followers', ticketId: ticket.ticket_id, companyId: ticket.company_id });

const recipientOf = (row: FollowerRow, companyId: number): FollowerRecipient & FollowerRow =>
  ({ ...row, contactId: row.contact_id, groupId: row.group_id, companyIds: row.linked ? [companyId] : [] });

/** The ticket `viewer` may see; 404 otherwise, so no one learns a ticket exists that they may not open. */
export async function followedTicket(ctx: ServiceContext, viewer: Viewer, ticketId: number): Promise<FollowedTicketRow> {
  const ticket = ticketId > 0 ? await ctx.repos.tickets.findById(ticketId) : undefined;
  if (!ticket || !canViewTicket(viewer, ticket)) throw new HttpError(404, MESSAGES.ticketNotFound);
  return { ticket_id: ticket.ticket_id, company_id: ticket.company_id, contact_id: ticket.contact_id, title: ticket.title };
}

/** What the ticket screen shows: the followers by name, whether the caller follows, whom else they may add, and (staff) the Cc addresses. */
export async function followersOf(ctx: ServiceContext, viewer: Viewer, ticket: FollowedTicketRow): Promise<TicketFollowers> {
  const { repos } = ctx;
  const rows = await repos.followers.list(ticket.ticket_id, ticket.company_id);
  const following = new Set(rows.map((row) => row.contact_id));
  const candidates = canAddFollowers(viewer, ticket)
    ? (await repos.followers.candidates(ticket.company_id, canSeeCcAddresses(viewer))).filter((person) => !following.has(person.contact_id) && person.contact_id !== viewer.contactId)
    : [];
  return {
    followers: rows.map((row) => ({ contact_id: row.contact_id, name: row.name, staff: isStaff(row.group_id), date_added: row.date_added })),
    following: following.has(viewer.contactId),
    can_follow: canFollowTicket(viewer, ticket),
    candidates,
    ...(canSeeCcAddresses(viewer) ? { cc_addresses: await repos.followers.ccAddresses(ticket.ticket_id) } : {}),
  };
}

/** Adds `contactId` (the caller, or someone they may add: 403 otherwise, 404 for no such active contact). */
export async function addFollower(ctx: ServiceContext, viewer: Viewer, ticket: FollowedTicketRow, contactId: number): Promise<Written<TicketFollowers>> {
  const { repos } = ctx;
  const person = contactId === viewer.contactId ? viewer : await repos.contacts.findById(contactId);
  if (!person || ('active' in person && person.active !== 1)) throw new HttpError(404, MESSAGES.contactNotFound);
  const candidate = 'contactId' in person
    ? person
    : { contactId: person.contact_id, groupId: person.group_id, ...(await repos.contacts.companyLinks(person.contact_id)) };
  if (!canAddFollower(viewer, ticket, candidate)) {
    throw new HttpError(403, canAddFollowers(viewer, ticket) || contactId === viewer.contactId ? FOLLOWER_MESSAGES.cannotFollow : FOLLOWER_MESSAGES.cannotAdd);
  }
  const added = await repos.followers.add(ctx.db, ticket.ticket_id, [contactId], viewer.contactId);
  return { result: await followersOf(ctx, viewer, ticket), changes: added > 0 ? [followersChanged(ticket)] : [] };
}

/** Removes `contactId` (the caller themselves, or anyone when staff: 403 otherwise). Removing someone who does not follow changes nothing. */
export async function removeFollower(ctx: ServiceContext, viewer: Viewer, ticket: FollowedTicketRow, contactId: number): Promise<Written<TicketFollowers>> {
  if (!canRemoveFollower(viewer, ticket, contactId)) throw new HttpError(403, FOLLOWER_MESSAGES.cannotRemove);
  const removed = await ctx.repos.followers.remove(ticket.ticket_id, contactId);
  return { result: await followersOf(ctx, viewer, ticket), changes: removed > 0 ? [followersChanged(ticket)] : [] };
}

/** Staff choose not to invite an address seen in Cc (403 for a client, 404 for an address not listed on the ticket). */
export async function dismissCcAddress(ctx: ServiceContext, viewer: Viewer, ticket: FollowedTicketRow, ccId: number): Promise<Written<TicketFollowers>> {
  if (!canSeeCcAddresses(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  const dismissed = await ctx.repos.followers.dismissCcAddress(ticket.ticket_id, ccId);
  if (dismissed === 0) throw new HttpError(404, FOLLOWER_MESSAGES.ccAddressNotFound);
  return { result: await followersOf(ctx, viewer, ticket), changes: [followersChanged(ticket)] };
}

/**
 * A change of the ticket told to its followers on `trx` (the change's own transaction): a notification each, and
 * for a note its activity e-mail, one message per follower (docs/product/tickets.md#followers-and-cc). `told`: the
 * author and whoever the change tells already. Answers the changes to publish (their bells).
 */
export async function tellFollowers(
  ctx: TicketMailContext,
  trx: PortalDb,
  ticket: { ticket_id: number; company_id: number; contact_id: number | null; title: string },
  change: { internal: boolean; notification: BellText; mail?: string },
  told: Iterable<number>,
): Promise<Change[]> {
  const { repos, config } = ctx;
  const rows = await repos.followers.list(ticket.ticket_id, ticket.company_id, trx);
  const recipients = followersToTell(rows.map((row) => recipientOf(row, ticket.company_id)), ticket, change, told);
  if (recipients.length === 0) return [];
  const now = ctx.clock().toISOString();
  await addBellNotifications(repos.notifications, trx, recipients.map((r) => ({ contact_id: r.contact_id, ticket_id: ticket.ticket_id, text: change.notification, date_created: now })));
  if (change.mail !== undefined) {
    const text = change.mail;
    const mail = perLanguage((language) => activityMail(config.publicUrl, text, ticket, { internal: change.internal }, language));
    const languageOf = await contactLanguages(trx, recipients.map((r) => r.contact_id));
    for (const r of recipients) {
      await queueTicketMail(ctx, trx, ticket, { address: r.email, contactId: r.contact_id }, mail(languageOf(r.contact_id)), { internal: change.internal });
    }
  }
  return notificationChanges(recipients.map((r) => r.contact_id));
}

/** The bell's 'Casey Jones on Fix the header: …' of a note, an internal one saying so first (the support team when no one is named). */
function followerNoteBell(title: string, author: string | null, note: { internal: boolean; text: string }): BellText {
  const snippet = followerNoteSnippet(note.text);
  if (author === null) return { key: note.internal ? 'bell.internalNoteBySupportTeam' : 'bell.noteBySupportTeam', values: { title, snippet } };
  return { key: note.internal ? 'bell.internalNote' : 'bell.note', values: { author, title, snippet } };
}

/** A note on the ticket told to its followers: its author is never told of it. */
export function tellFollowersOfNote(
  ctx: TicketMailContext,
  trx: PortalDb,
  ticket: { ticket_id: number; company_id: number; contact_id: number | null; title: string },
  note: { internal: boolean; text: string; authorId: number | null; authorName: string | null },
  alsoSkip: readonly number[] = [],
): Promise<Change[]> {
  const notification = followerNoteBell(ticket.title, note.authorName?.trim() || null, note);
  const skip = note.authorId === null ? alsoSkip : [note.authorId, ...alsoSkip];
  return tellFollowers(ctx, trx, ticket, { internal: note.internal, notification, mail: note.text }, skip);
}

/** Addresses in `text` (a From or Reply-To setting such as 'Support <help@example.com>'), lower-cased. */
export function addressesIn(...texts: (string | undefined)[]): string[] {
  return texts.flatMap((text) => (text ?? '').match(/[^\s<>,"']+@[^\s<>,"']+/g) ?? []).map((address) => address.toLowerCase());
}

/**
 * The Cc of a verified mail on `ticket` (docs/product/tickets.md#followers-and-cc), on the transaction of the note or
 * ticket it made: a known client contact of the company follows it; any other address is listed for staff and
 * never mailed. `own`: the sender's and the mailbox's addresses (its To), no one to add. Answers the contacts who now
 * follow (they had the mail itself) and the changes to publish.
 */
export async function followFromCc(
  ctx: ServiceContext,
  trx: PortalDb,
  ticket: { ticket_id: number; company_id: number; contact_id: number | null },
  cc: readonly string[],
  mail: { senderId: number; own: readonly string[] },
): Promise<{ following: number[]; changes: Change[] }> {
  const { repos, config } = ctx;
  const addresses = [...new Set(cc.map((address) => address.trim().toLowerCase()).filter((address) => address !== ''))];
  if (addresses.length === 0) return { following: [], changes: [] };
  const found = await repos.followers.contactsByEmail(trx, addresses, ticket.company_id);
  const contacts = found.map((c) => ({ contactId: c.contact_id, groupId: c.group_id, companyIds: c.linked ? [ticket.company_id] : [], active: c.active, email: c.email }));
  const own = [...mail.own, ...addressesIn(config.mailReplyTo, config.mailFrom)];
  const { follow, unknown } = ccOutcome(addresses, ticket, contacts, own);
  const added = await repos.followers.add(trx, ticket.ticket_id, follow, mail.senderId);
  const listed = await repos.followers.addCcAddresses(trx, ticket.ticket_id, unknown);
  return { following: follow, changes: added + listed > 0 ? [followersChanged(ticket)] : [] };
}
