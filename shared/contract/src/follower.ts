import { z } from 'zod';
import { id, isoDate } from './common';

// Followers and Cc (docs/product/tickets.md#followers-and-cc). Followers are named, never addressed: no one
// reads another person's e-mail address here, so none crosses from one company to another.

/** A person following a ticket. */
export const ticketFollower = z.object({
  contact_id: id,
  name: z.string(),
  /** A member of the support team (else a client contact of the ticket's company). */
  staff: z.boolean(),
  date_added: isoDate,
});
export type TicketFollower = z.infer<typeof ticketFollower>;

/** Someone the caller may add: a contact of the ticket's company, and for staff the staff too. */
export const followerCandidate = z.object({ contact_id: id, name: z.string(), staff: z.boolean() });
export type FollowerCandidate = z.infer<typeof followerCandidate>;

/** An address in Cc of mail in that is no contact of the ticket's company: for staff to invite, never mailed. */
export const ccAddress = z.object({ id, address: z.string(), date_first_seen: isoDate });
export type CcAddress = z.infer<typeof ccAddress>;

/** GET /ticket/:id/followers and the answer of every change of them. */
export const ticketFollowers = z.object({
  followers: z.array(ticketFollower),
  /** The caller follows the ticket. */
  following: z.boolean(),
  /** The caller may follow it (any staff member, a client contact of its company). */
  can_follow: z.boolean(),
  /** Whom else the caller may add (empty unless the caller is staff or the requester); the caller follows with `followTicket`. */
  candidates: z.array(followerCandidate),
  /** The addresses not yet invited, not dismissed: staff only (absent for a client). */
  cc_addresses: z.array(ccAddress).optional(),
});
export type TicketFollowers = z.infer<typeof ticketFollowers>;

/** POST /ticket/:id/followers: add a contact by id. */
export const followerAdd = z.object({ contact_id: z.coerce.number().int().positive() });
export type FollowerAdd = z.input<typeof followerAdd>;

export const followerParams = z.object({ id: z.coerce.number().int(), contact_id: z.coerce.number().int() });
export const ccAddressParams = z.object({ id: z.coerce.number().int(), cc_id: z.coerce.number().int() });
