import { isAdmin } from './groups';
import type { Viewer } from './policy';

// What became of each recipient of a message-centre send, and what an admin may do about mail that failed
// (docs/product/messaging.md#sent-messages, docs/product/messaging.md#failed-mail).

/** A recipient's result as the Sent tab shows it. */
export const MESSAGE_RECIPIENT_RESULTS = ['pending', 'queued', 'sent', 'failed'] as const;
export type MessageRecipientResult = (typeof MESSAGE_RECIPIENT_RESULTS)[number];

/** The three states of a message recipient and of an outbox mail. */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

/** The recipient's own row: `sent` means its mail was put in the outbox. */
export interface RecipientStep {
  status: DeliveryStatus;
  error: string | null;
}

/** The outbox mail the recipient was given, or null (none yet, or a send from before recipients kept their mail). */
export interface OutboxStep {
  status: DeliveryStatus;
  error: string | null;
}

/**
 * The result of one recipient: pending (not yet worked), failed (could not be mailed, or its mail was given up),
 * queued (its mail waits or is being retried: the error is the last attempt's), sent (the mail server took it).
 * A recipient marked sent without an outbox mail on record counts as sent.
 */
export function recipientResult(recipient: RecipientStep, outbox: OutboxStep | null): { result: MessageRecipientResult; error: string | null } {
  if (recipient.status !== 'sent') return { result: recipient.status, error: recipient.status === 'failed' ? recipient.error : null };
  if (!outbox || outbox.status === 'sent') return { result: 'sent', error: null };
  return { result: outbox.status === 'failed' ? 'failed' : 'queued', error: outbox.error };
}

/** Counts by result, as each send's line of the Sent tab shows them. */
export type ResultCounts = Record<MessageRecipientResult, number>;

export function resultCounts(results: Iterable<{ result: MessageRecipientResult; count?: number }>): ResultCounts {
  const counts: ResultCounts = { pending: 0, queued: 0, sent: 0, failed: 0 };
  for (const { result, count = 1 } of results) counts[result] += count;
  return counts;
}

/** Re-sending goes to the failed recipients only; the others keep the mail they have. */
export function isResendable(recipient: { result: MessageRecipientResult }): boolean {
  return recipient.result === 'failed';
}

/** Only an admin re-sends a message to its failed recipients. */
export const canResendMessage = (viewer: Viewer): boolean => isAdmin(viewer.groupId);

/** Only an admin lists failed outbox mail and puts it back in the queue. */
export const canRequeueMail = (viewer: Viewer): boolean => isAdmin(viewer.groupId);

/**
 * A mail can be put back in the queue when it was given up and was not sent again since (a re-send of its
 * message-centre recipient replaces it: re-queueing it too would mail that person twice).
 */
export function isRequeueable(mail: { status: DeliveryStatus; superseded_by: number | null }): boolean {
  return mail.status === 'failed' && mail.superseded_by === null;
}
