import { z } from 'zod';
import { MESSAGES, MESSAGE_RECIPIENT_RESULTS, RECIPIENT_KINDS, TICKET_CONTACT_TYPES, isMessageTicketStatus } from '@portal/domain';
import { id, intLike, isoDate } from './common';

// The message centre (docs/product/messaging.md#message-centre): an admin picks recipients of one kind,
// unticks some, writes a subject and a markdown message with {{tokens}}, and sends. The server
// queues the send and works it in the job runner; the screen polls the message for its progress.

export const recipientKind = z.enum(RECIPIENT_KINDS);
export const ticketContactType = z.enum(TICKET_CONTACT_TYPES);

const ids = z.array(intLike).default([]);

/** POST /sendmail/recipients: who a kind and its filters reach (empty filter lists mean "any"). */
export const recipientsQuery = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contacts'), group_ids: ids }),
  z.object({ kind: z.literal('clients'), mode_ids: ids, service_ids: ids, company_ids: ids }),
  z.object({ kind: z.literal('agents') }),
  z.object({
    kind: z.literal('tickets'),
    contact_type: ticketContactType.optional(),
    status_ids: ids,
  }).refine(
    (query) => query.contact_type !== undefined && query.status_ids.length > 0 && query.status_ids.every(isMessageTicketStatus),
    MESSAGES.chooseContactTypeAndStatus,
  ),
]);
export type RecipientsQuery = z.input<typeof recipientsQuery>;

/** The values of the kind's tokens for this recipient, by token name (companyName -> 'Acme, LLC'). */
export const tokenValues = z.record(z.string(), z.string());

/** One resolved recipient: what the screen lists (and may untick) before sending. */
export const messageRecipient = z.object({
  contact_id: id,
  name: z.string(),
  email: z.string(),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  /** Tickets recipients: the tickets this contact owns or works in the chosen statuses. */
  ticket_ids: z.array(id),
  tokens: tokenValues,
});
export type MessageRecipient = z.infer<typeof messageRecipient>;
export const messageRecipientList = z.array(messageRecipient);

/** POST /sendmail: the message and the ticked recipients; tokens are filled in by the server. */
export const messageSend = z.object({
  subject: z.string().trim().min(1, MESSAGES.fillAllFields),
  /** Markdown; rendered to HTML with raw HTML off and links detected (docs/product/messaging.md#message-body). */
  message: z.string().trim().min(1, MESSAGES.fillAllFields),
  kind: recipientKind,
  recipients: z.array(z.object({
    contact_id: intLike,
    company_id: intLike.nullable().optional(),
    ticket_ids: z.array(intLike).optional(),
  })).min(1, MESSAGES.fillAllFields),
});
export type MessageSend = z.input<typeof messageSend>;

/** 202 from POST /sendmail: the send is queued; poll GET /sendmail/:messageId. */
export const messageQueued = z.object({ message_id: id });
export type MessageQueued = z.infer<typeof messageQueued>;

export const MESSAGE_STATUSES = ['sending', 'done'] as const;
export const MESSAGE_RECIPIENT_STATUSES = ['pending', 'sent', 'failed'] as const;

export const messageRecipientResult = z.enum(MESSAGE_RECIPIENT_RESULTS);

/**
 * A sent (or sending) message, as the Sent tab lists it (docs/product/messaging.md#sent-messages). `sent` and `failed`
 * count the job runner's work (mail put in the outbox, or a recipient that could not be mailed); `results` counts what
 * became of each recipient's mail.
 */
export const messageSummary = z.object({
  message_id: id,
  subject: z.string(),
  kind: recipientKind,
  sender_id: id.nullable(),
  /** Who sent it; null when that contact was deleted. */
  sender_name: z.string().nullable(),
  date_created: isoDate,
  status: z.enum(MESSAGE_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  results: z.object({ pending: z.number().int(), queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type MessageSummary = z.infer<typeof messageSummary>;
export const messageSummaryList = z.array(messageSummary);

/** GET /sendmail/:messageId: the progress of one send, recipient by recipient. */
export const messageProgress = messageSummary.extend({
  message: z.string(),
  recipients: z.array(z.object({
    recipient_id: id,
    contact_id: id,
    name: z.string(),
    email: z.string(),
    status: z.enum(MESSAGE_RECIPIENT_STATUSES),
    /** Why the recipient failed ('Contact no longer active.', 'No e-mail address.'), else null. */
    error: z.string().nullable(),
    /** What became of its mail: pending, queued (waiting or retrying), sent, failed. */
    result: messageRecipientResult,
    /** Why it failed, or the last attempt's error of a mail being retried; else null. */
    result_error: z.string().nullable(),
  })),
});
export type MessageProgress = z.infer<typeof messageProgress>;

export const messageIdParam = z.object({ messageId: z.coerce.number().int() });

/** POST /sendmail/:messageId/resend: how many failed recipients were mailed again, and how many still cannot be. */
export const messageResent = z.object({ resent: z.number().int(), failed: z.number().int() });
export type MessageResent = z.infer<typeof messageResent>;

/**
 * GET /mail-outbox/status: whether the job runner has a mail server to send with (docs/product/messaging.md#mail-server).
 * Without one every mail waits in the outbox, queued, until `setting` is set.
 */
export const mailStatus = z.object({
  smtp_configured: z.boolean(),
  /** The setting that names the mail server, for the screen to say what is missing. */
  setting: z.literal('SMTP_URL'),
});
export type MailStatus = z.infer<typeof mailStatus>;

/** A given-up outbox mail, as the admins' failed-mail list shows it (docs/product/messaging.md#failed-mail). */
export const failedMail = z.object({
  id,
  to_address: z.string(),
  subject: z.string(),
  /** The last attempt's error. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  date_created: isoDate,
});
export type FailedMail = z.infer<typeof failedMail>;
export const failedMailList = z.array(failedMail);
