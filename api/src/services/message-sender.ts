import { recipientProblem } from '@portal/domain';
import { messageCenterMail } from './mail-templates';
import type { ServiceContext } from './service-context';

// The job runner's message-centre work (docs/product/messaging.md#sending, docs/architecture.md#jobs-and-mail):
// each pending recipient is claimed under a lease, its mail rendered and queued in the outbox in
// the transaction that marks it sent with that mail (or failed with the reason), so a restart finishes the send
// and no recipient gets it twice. `ctx.clock` is the runner's clock; `owner` names the runner in
// the lease.

export const MESSAGE_LEASE_MS = 5 * 60_000;
export const MESSAGE_BATCH = 50;

export interface MessageSendSummary {
  sent: number;
  failed: number;
}

class LeaseLost extends Error {}

/** A recipient's mail: the message with the token values kept with the recipient when it was sent. */
export function recipientMail(recipient: { subject: string; message: string; tokens: string }) {
  return messageCenterMail(recipient.subject, recipient.message, JSON.parse(recipient.tokens) as Record<string, string>);
}

/** Works up to `limit` due recipients; `claimed` is 0 when none were due. */
export async function sendMessageBatch(
  ctx: ServiceContext, owner: string, limit = MESSAGE_BATCH, shouldStop: () => boolean = () => false,
): Promise<MessageSendSummary & { claimed: number }> {
  const { db, repos, clock, log } = ctx;
  const summary = { sent: 0, failed: 0, claimed: 0 };
  const claimed = await repos.messages.claimDue(owner, clock(), MESSAGE_LEASE_MS, limit);
  summary.claimed = claimed.length;
  for (const recipient of claimed) {
    // A stopping runner leaves the rest claimed; it hands their leases back.
    if (shouldStop()) break;
    const contact = await repos.contacts.findById(recipient.contact_id);
    const problem = recipientProblem(contact && { ...contact, email: recipient.email });
    try {
      await db.transaction().execute(async (trx) => {
        const outcome = problem
          ? { error: problem }
          : { outboxId: await repos.mailOutbox.add(trx, { to: recipient.email, ...recipientMail(recipient) }) };
        const settled = await repos.messages.settle(trx, recipient.id, owner, outcome, clock());
        if (!settled) throw new LeaseLost();
      });
      if (problem) summary.failed += 1;
      else summary.sent += 1;
    } catch (error) {
      if (error instanceof LeaseLost) continue;
      log.error({ err: error, messageId: recipient.message_id }, 'message recipient not queued');
    }
  }
  return summary;
}

/** Every recipient due now, batch after batch (until `shouldStop` says the runner is stopping). */
export async function sendAllDueMessages(ctx: ServiceContext, owner: string, shouldStop: () => boolean = () => false): Promise<MessageSendSummary> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const { sent, failed, claimed } = await sendMessageBatch(ctx, owner, undefined, shouldStop);
    total.sent += sent;
    total.failed += failed;
    if (claimed === 0 || sent + failed === 0 || shouldStop()) return total;
  }
}
