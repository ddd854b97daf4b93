import { randomBytes } from 'node:crypto';
import { subjectWithTicketToken } from '@portal/domain';
import type { PortalConfig } from '../config';
import type { PortalDb } from '../db/connect';
import type { Repositories } from '../repositories/repositories';
import type { MailText } from './mail-templates';

// Mail about one ticket (docs/product/notifications-and-mail.md#answerable-mail): its own unguessable
// Message-ID, recorded with the ticket and the recipient; In-Reply-To and References naming the earlier
// mail about the ticket to the same address; the `[#123]` token in the subject; Reply-To the support
// mailbox. Queued on the transaction of the change that causes it, like every mail.

/** The header that tells other systems not to answer a mail automatically (RFC 3834). */
export const AUTO_SUBMITTED: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };

export interface TicketMailRecipient {
  address: string;
  contactId: number | null;
}

/** What queueing mail needs: the repositories, PUBLIC_URL and MAIL_REPLY_TO, the clock. */
export interface TicketMailContext {
  readonly repos: Repositories;
  readonly config: Pick<PortalConfig, 'publicUrl' | 'mailReplyTo'>;
  readonly clock: () => Date;
}

/** A new Message-ID: 144 random bits at the portal's host. */
export function newMessageId(publicUrl: string): string {
  return `<${randomBytes(18).toString('base64url')}@${new URL(publicUrl).hostname}>`;
}

/**
 * The headers of mail the portal sends on its own (docs/product/notifications-and-mail.md#answerable-mail):
 * Auto-Submitted, and Reply-To the support mailbox when MAIL_REPLY_TO is set.
 */
export function automaticMailHeaders(config: Pick<PortalConfig, 'mailReplyTo'>): Record<string, string> {
  return { ...AUTO_SUBMITTED, ...(config.mailReplyTo ? { 'Reply-To': config.mailReplyTo } : {}) };
}

/**
 * Queues `mail` about `ticket` to one recipient on `trx` and records its Message-ID; answers the
 * Message-ID. `automatic` (the default): the portal sends it on its own, so it is marked Auto-Submitted;
 * `answers`: the Message-ID of the recipient's own mail it answers; `headers`: more headers (List-Unsubscribe);
 * `internal`: it is about an internal note (to staff only), so an answer to it is internal too (process-mail.ts).
 * It is recorded a millisecond after the mail before it in its thread at the latest, so the thread
 * keeps its order when two are queued at the same moment.
 */
export async function queueTicketMail(
  ctx: TicketMailContext,
  trx: PortalDb,
  ticket: { ticket_id: number },
  to: TicketMailRecipient,
  mail: MailText,
  options: { automatic?: boolean; answers?: string; headers?: Readonly<Record<string, string>>; internal?: boolean } = {},
): Promise<string> {
  const { repos, config } = ctx;
  const messageId = newMessageId(config.publicUrl);
  const earlier = await repos.ticketMail.thread(trx, ticket.ticket_id, to.address);
  const previous = earlier.at(-1);
  // `answers`: the recipient's own message this mail answers (the mail that opened the ticket), first in the thread.
  const thread = [...(options.answers ? [options.answers] : []), ...earlier.map((sent) => sent.message_id)];
  const headers: Record<string, string> = {
    ...(options.automatic === false ? {} : AUTO_SUBMITTED),
    ...(config.mailReplyTo ? { 'Reply-To': config.mailReplyTo } : {}),
    ...(thread.length > 0 ? { 'In-Reply-To': thread.at(-1) as string, References: thread.join(' ') } : {}),
    ...options.headers,
  };
  await repos.mailOutbox.add(trx, {
    to: to.address, ...mail, subject: subjectWithTicketToken(mail.subject, ticket.ticket_id), messageId, headers,
  });
  const now = ctx.clock().getTime();
  const after = previous ? Date.parse(previous.date_created) + 1 : now;
  await repos.ticketMail.record(trx, {
    message_id: messageId, ticket_id: ticket.ticket_id, contact_id: to.contactId, to_address: to.address,
    date_created: new Date(Math.max(now, after)).toISOString(), internal: options.internal === true,
  });
  return messageId;
}
