import { z } from 'zod';
import { id, isoDate } from './common';

// Mail in, for admins (docs/product/notifications-and-mail.md#mail-in): GET /mail-in (the status),
// GET /mail-in/held (the held list), POST /mail-in/:id/attach, POST /mail-in/:id/drop, GET /mail-in/:id/raw.

export const mailInStatusName = z.enum(['note', 'ticket', 'held', 'ignored', 'attached', 'dropped']);

/** GET /mail-in: whether a mailbox is set and connected, the last fetch and error, and the counts of each outcome. */
export const mailInStatus = z.object({
  /** MAIL_IN_URL is set. */
  configured: z.boolean(),
  /** The mailbox (host and folder, never the password), when configured. */
  mailbox: z.string().nullable(),
  /** A process holds the mailbox and its last connection succeeded. */
  connected: z.boolean(),
  connected_at: isoDate.nullable(),
  last_fetch_at: isoDate.nullable(),
  last_error: z.string().nullable(),
  last_error_at: isoDate.nullable(),
  counts: z.object({ note: z.number(), ticket: z.number(), held: z.number(), ignored: z.number(), attached: z.number(), dropped: z.number() }),
  /**
   * How a mail's sender is verified (docs/product/notifications-and-mail.md#mail-in): off (MAIL_IN_SENDER_CHECK=off,
   * every From believed), or on with the trusted receiving servers' authserv-ids and whether the portal checks DKIM
   * itself; on with neither, every mail is held.
   */
  sender_check: z.object({ on: z.boolean(), trusted_authserv: z.array(z.string()), verify_dkim: z.boolean() }),
});
export type MailInStatus = z.infer<typeof mailInStatus>;

/** One held message: who sent it, what about, why it was held, and the note attaching it would write. */
export const heldMail = z.object({
  mail_in_id: id,
  from_address: z.string(),
  from_name: z.string().nullable(),
  subject: z.string(),
  date_received: isoDate,
  reason: z.string(),
  /** The ticket its headers or subject named, when there was one. */
  ticket_id: id.nullable(),
  text: z.string(),
  raw_size: z.number(),
  /** What was found about its sender (`dmarc=fail (mx.example.com)`, …); null for mail read before it was recorded. */
  verdict: z.string().nullable(),
});
export type HeldMail = z.infer<typeof heldMail>;

/**
 * POST /mail-in/:id/attach: the ticket to put the held message on, as a note by the support team; `internal`: an
 * internal note or a reply, as the admin chose (unsaid: internal when its sender was not verified, see
 * heldMailNoteVisibility in @portal/domain).
 */
export const heldMailAttach = z.object({ ticket_id: z.coerce.number().int().positive(), internal: z.boolean().optional() });
export type HeldMailAttach = z.infer<typeof heldMailAttach>;

/** What attaching answers: the note written. */
export const heldMailAttached = z.object({ ticket_id: id, activity_id: id });
export type HeldMailAttached = z.infer<typeof heldMailAttached>;
