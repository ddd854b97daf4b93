import { recipientProblem } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../db/connect';
import type { Repositories } from '../repositories/repositories';
import { messageCenterMail } from './mail-templates';

// The job runner's message-centre work (DESIGN §8): each pending recipient is claimed under a
// lease, its mail rendered and queued in the outbox in the transaction that marks it sent (or
// failed with the reason), so a restart finishes the send and no recipient gets it twice.

export const MESSAGE_LEASE_MS = 5 * 60_000;
export const MESSAGE_BATCH = 50;

export interface MessageSenderDeps {
  db: PortalDb;
  repos: Repositories;
  owner: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export interface MessageSendSummary {
  sent: number;
  failed: number;
}

class LeaseLost extends Error {}

/** Works up to `limit` due recipients; `claimed` is 0 when none were due. */
export async function sendMessageBatch(deps: MessageSenderDeps, limit = MESSAGE_BATCH): Promise<MessageSendSummary & { claimed: number }> {
  const { db, repos, owner, clock, log } = deps;
  const summary = { sent: 0, failed: 0, claimed: 0 };
  const claimed = await repos.messages.claimDue(owner, clock(), MESSAGE_LEASE_MS, limit);
  summary.claimed = claimed.length;
  for (const recipient of claimed) {
    const contact = await repos.contacts.findById(recipient.contact_id);
    const problem = recipientProblem(contact && { ...contact, email: recipient.email });
    try {
      await db.transaction().execute(async (trx) => {
        const settled = await repos.messages.settle(trx, recipient.id, owner, problem ? 'failed' : 'sent', problem, clock());
        if (!settled) throw new LeaseLost();
        if (problem) return;
        const tokens = JSON.parse(recipient.tokens) as Record<string, string>;
        await repos.mailOutbox.add({ to: recipient.email, ...messageCenterMail(recipient.subject, recipient.message, tokens) }, trx);
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

/** Every recipient due now, batch after batch. */
export async function sendAllDueMessages(deps: MessageSenderDeps): Promise<MessageSendSummary> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const { sent, failed, claimed } = await sendMessageBatch(deps);
    total.sent += sent;
    total.failed += failed;
    if (claimed === 0 || sent + failed === 0) return total;
  }
}
