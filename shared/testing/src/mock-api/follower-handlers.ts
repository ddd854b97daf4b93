import { ticketFollowers, type TicketFollowers } from '@portal/contract';
import { followerEndpoints as api } from '@portal/contract/endpoints';
import {
  FOLLOWER_MESSAGES, MESSAGES, canAddFollower, canAddFollowers, canFollowTicket, canRemoveFollower, canSeeCcAddresses, canViewTicket, isStaff,
  type FollowedTicket, type Viewer,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nowIso, readBody } from './respond';

/** A ticket's followers and Cc addresses (docs/product/tickets.md#followers-and-cc), with the API's rules. */
export function followerHandlers(db: PortalData) {
  const viewer = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const personOf = (contactId: number) => {
    const found = db.contacts.find((c) => c.contact_id === contactId);
    return found && viewerOf({ isLoggedIn: true, contact: found });
  };
  const nameOf = (contactId: number) => {
    const found = db.contacts.find((c) => c.contact_id === contactId);
    return found ? `${found.first_name} ${found.last_name}`.trim() : '';
  };
  /** The ticket the caller may see, or the answer that refuses it (401, 404). */
  const seen = (ticketId: number): { who: Viewer; ticket: FollowedTicket & { ticket_id: number } } | Response => {
    const who = viewer();
    if (!who) return errorAnswer(401, MESSAGES.notSignedIn);
    const row = db.tickets.find((t) => t.ticket_id === ticketId);
    if (!row || !canViewTicket(who, row)) return errorAnswer(404, MESSAGES.ticketNotFound);
    return { who, ticket: { ticket_id: row.ticket_id, company_id: row.company_id, contact_id: row.contact_id ?? null } };
  };
  const listOf = (who: Viewer, ticket: FollowedTicket & { ticket_id: number }): TicketFollowers => {
    const followers = db.followers.filter((f) => f.ticket_id === ticket.ticket_id);
    const following = new Set(followers.map((f) => f.contact_id));
    const candidates = canAddFollowers(who, ticket)
      ? db.contacts
        .filter((c) => !following.has(c.contact_id) && c.contact_id !== who.contactId)
        .map((c) => ({ contact: c, person: personOf(c.contact_id)! }))
        .filter(({ person }) => canAddFollower(who, ticket, person))
        .map(({ contact }) => ({ contact_id: contact.contact_id, name: nameOf(contact.contact_id), staff: isStaff(contact.group_id) }))
      : [];
    return ticketFollowers.parse({
      followers: followers.map(({ ticket_id: _ticket, ...follower }) => follower),
      following: following.has(who.contactId),
      can_follow: canFollowTicket(who, ticket),
      candidates,
      ...(canSeeCcAddresses(who) ? { cc_addresses: db.ccAddresses.filter((a) => a.ticket_id === ticket.ticket_id).map(({ ticket_id: _t, ...a }) => a) } : {}),
    });
  };
  const add = (ticketId: number, contactId: number) => {
    if (db.followers.some((f) => f.ticket_id === ticketId && f.contact_id === contactId)) return;
    const found = db.contacts.find((c) => c.contact_id === contactId);
    db.followers.push({ ticket_id: ticketId, contact_id: contactId, name: nameOf(contactId), staff: isStaff(found?.group_id ?? 5), date_added: nowIso() });
  };
  const remove = (ticketId: number, contactId: number) => {
    db.followers = db.followers.filter((f) => !(f.ticket_id === ticketId && f.contact_id === contactId));
  };

  return [
    mock(api.ticketFollowers, ({ params }) => {
      const found = seen(idParam(params));
      return found instanceof Response ? found : answer(api.ticketFollowers, listOf(found.who, found.ticket));
    }),
    mock(api.followTicket, ({ params }) => {
      const found = seen(idParam(params));
      if (found instanceof Response) return found;
      if (!canFollowTicket(found.who, found.ticket)) return errorAnswer(403, FOLLOWER_MESSAGES.cannotFollow);
      add(found.ticket.ticket_id, found.who.contactId);
      return answer(api.followTicket, listOf(found.who, found.ticket));
    }),
    mock(api.unfollowTicket, ({ params }) => {
      const found = seen(idParam(params));
      if (found instanceof Response) return found;
      remove(found.ticket.ticket_id, found.who.contactId);
      return answer(api.unfollowTicket, listOf(found.who, found.ticket));
    }),
    mock(api.addTicketFollower, async ({ request, params }) => {
      const found = seen(idParam(params));
      if (found instanceof Response) return found;
      const read = await readBody(request, api.addTicketFollower);
      if (!read.ok) return read.answer;
      const person = personOf(read.body.contact_id);
      if (!person) return errorAnswer(404, MESSAGES.contactNotFound);
      if (!canAddFollower(found.who, found.ticket, person)) {
        return errorAnswer(403, canAddFollowers(found.who, found.ticket) ? FOLLOWER_MESSAGES.cannotFollow : FOLLOWER_MESSAGES.cannotAdd);
      }
      add(found.ticket.ticket_id, person.contactId);
      return answer(api.addTicketFollower, listOf(found.who, found.ticket));
    }),
    mock(api.removeTicketFollower, ({ params }) => {
      const found = seen(idParam(params));
      if (found instanceof Response) return found;
      const contactId = idParam(params, 'contact_id');
      if (!canRemoveFollower(found.who, found.ticket, contactId)) return errorAnswer(403, FOLLOWER_MESSAGES.cannotRemove);
      remove(found.ticket.ticket_id, contactId);
      return answer(api.removeTicketFollower, listOf(found.who, found.ticket));
    }),
    mock(api.dismissCcAddress, ({ params }) => {
      const found = seen(idParam(params));
      if (found instanceof Response) return found;
      if (!canSeeCcAddresses(found.who)) return errorAnswer(403, MESSAGES.notAuthorized);
      const ccId = idParam(params, 'cc_id');
      const before = db.ccAddresses.length;
      db.ccAddresses = db.ccAddresses.filter((a) => !(a.ticket_id === found.ticket.ticket_id && a.id === ccId));
      if (before === db.ccAddresses.length) return errorAnswer(404, FOLLOWER_MESSAGES.ccAddressNotFound);
      return answer(api.dismissCcAddress, listOf(found.who, found.ticket));
    }),
  ];
}
