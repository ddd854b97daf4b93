import type { MailInStatus } from '@portal/contract';
import type { ServiceContext } from '../service-context';

const DEFAULT_PORTS: Record<string, string> = { 'imap:': '143', 'imaps:': '993' };

/**
 * The mailbox as admins see it: host, port and folder of MAIL_IN_URL, never its user or password
 * (docs/product/notifications-and-mail.md#reading-the-mailbox).
 */
export function mailboxOf(mailInUrl: string): string {
  const url = new URL(mailInUrl);
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  const folder = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return `${url.hostname}${port ? `:${port}` : ''}/${folder}`;
}

/**
 * GET /mail-in: whether a mailbox is set, whether a process holds it and last connected without an
 * error since, the last fetch and error, how many messages had each outcome
 * (docs/product/notifications-and-mail.md#reading-the-mailbox), and how senders are verified
 * (docs/product/notifications-and-mail.md#mail-in).
 */
export async function mailInStatus(ctx: ServiceContext): Promise<MailInStatus> {
  const url = ctx.config.mailInUrl;
  const senders = ctx.config.mailInSenderCheck;
  const [state, counts] = await Promise.all([ctx.repos.mailInState.get(), ctx.repos.mailIn.counts()]);
  const now = ctx.clock().getTime();
  const leaseHeld = !!state?.lease_until && new Date(state.lease_until).getTime() > now;
  const connectedAt = state?.connected_at ? new Date(state.connected_at).getTime() : null;
  const errorAt = state?.last_error_at ? new Date(state.last_error_at).getTime() : null;
  const errorSince = !!state?.last_error && (errorAt === null || connectedAt === null || errorAt >= connectedAt);
  return {
    configured: !!url,
    mailbox: url ? mailboxOf(url) : null,
    connected: !!url && leaseHeld && connectedAt !== null && !errorSince,
    connected_at: state?.connected_at ?? null,
    last_fetch_at: state?.last_fetch_at ?? null,
    last_error: state?.last_error ?? null,
    last_error_at: state?.last_error_at ?? null,
    counts: {
      note: counts.note, ticket: counts.ticket, held: counts.held, ignored: counts.ignored, attached: counts.attached, dropped: counts.dropped,
    },
    sender_check: { on: senders.on, trusted_authserv: [...senders.trustedAuthserv], verify_dkim: senders.verifyDkim },
  };
}
