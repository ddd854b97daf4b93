import { backoffDelay } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './mail-transport';
import type { MailOutboxRepository, OutboxRow } from '../repositories/mail-outbox-repository';

// Sending the outbox (docs/architecture.md#jobs-and-mail, docs/decisions/0004-leased-outbox.md):
// claim due rows under a lease, send each, mark it sent, or record the failure and when to try
// again. The lease outlasts the SMTP timeouts (plugins/mail.ts), so a row is only taken over from a
// runner that died, never from one still sending it.

export const OUTBOX_LEASE_MS = 5 * 60_000;
export const OUTBOX_BATCH = 20;
/** 5 s, 10 s, 20 s … then every 10 min: 24 attempts cover about three hours of SMTP trouble. */
export const OUTBOX_MAX_ATTEMPTS = 24;
const RETRY_BACKOFF = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** The wait after the `failedAttempts`-th failure (1-based); null once the row is given up. */
export function retryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts >= OUTBOX_MAX_ATTEMPTS) return null;
  return backoffDelay(failedAttempts, RETRY_BACKOFF);
}

export interface OutboxSender {
  owner: string;
  outbox: MailOutboxRepository;
  transport: MailTransport;
  from: string;
  /** Host part of the Message-ID (PUBLIC_URL's host). */
  messageIdHost: string;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** True once the runner stops: the rows claimed and not sent yet stay for the runner to hand back. */
  shouldStop?: () => boolean;
}

export interface SendSummary {
  sent: number;
  retrying: number;
  failed: number;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number }).responseCode;
    return code ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}

/** The extra headers a row was queued with (a JSON object of strings); none when it has none or they do not parse. */
function storedHeaders(json: string | null): Record<string, string> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function sendRow(sender: OutboxSender, row: OutboxRow): Promise<keyof SendSummary> {
  const { outbox, transport, owner, clock, log } = sender;
  try {
    await transport.sendMail({
      from: sender.from,
      to: row.to_address,
      subject: row.subject,
      ...(row.text !== null ? { text: row.text } : {}),
      ...(row.html !== null ? { html: row.html } : {}),
      messageId: row.message_id ?? `<outbox.${row.id}.${Date.parse(row.date_created)}@${sender.messageIdHost}>`,
      headers: { ...storedHeaders(row.headers), 'X-Portal-Outbox-Id': String(row.id) },
    });
  } catch (error) {
    const failedAttempts = row.attempts + 1;
    const delay = retryDelayMs(failedAttempts);
    const retryAt = delay === null ? null : new Date(clock().getTime() + delay);
    const reason = errorText(error);
    await outbox.markFailed(row.id, owner, { error: reason, retryAt });
    const fields = { outbox_id: row.id, to: row.to_address, attempts: failedAttempts, retry_at: retryAt?.toISOString() ?? null, reason, err: error };
    if (retryAt) log.warn(fields, 'mail not sent; retry scheduled');
    else log.error(fields, 'mail not sent; given up');
    return retryAt ? 'retrying' : 'failed';
  }
  if (!(await outbox.markSent(row.id, owner, clock()))) log.error({ outbox_id: row.id }, 'mail sent after its lease ran out');
  else log.info({ outbox_id: row.id, attempts: row.attempts + 1 }, 'mail sent');
  return 'sent';
}

/** One claim and its sends. */
export async function sendDueBatch(sender: OutboxSender, limit = OUTBOX_BATCH): Promise<SendSummary & { claimed: number }> {
  const rows = await sender.outbox.claimDue({ owner: sender.owner, now: sender.clock(), leaseMs: OUTBOX_LEASE_MS, limit });
  const summary = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    if (sender.shouldStop?.()) break;
    summary[await sendRow(sender, row)] += 1;
  }
  return summary;
}

/** Claims and sends until nothing is due now (a retry scheduled for later stays for later). */
export async function sendAllDue(sender: OutboxSender): Promise<SendSummary> {
  const total = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const batch = await sendDueBatch(sender);
    total.sent += batch.sent;
    total.retrying += batch.retrying;
    total.failed += batch.failed;
    if (batch.claimed === 0 || sender.shouldStop?.()) return total;
  }
}
