import { heldMail, mailInStatus, type HeldMail, type MailInStatus } from '@portal/contract';
import { MAIL_IN_REASONS } from '@portal/domain';

/** A message held for an admin: by default a stranger asking about ticket #12. */
export function aHeldMail(over: Partial<HeldMail> = {}): HeldMail {
  return heldMail.parse({
    mail_in_id: 1, from_address: 'stranger@elsewhere.test', from_name: 'Sam Stranger', subject: 'Re: [#12] Fix the contact form',
    date_received: '2026-11-19T09:30:00.000Z', reason: MAIL_IN_REASONS.unknownSender, ticket_id: 12,
    text: 'The form still fails on my phone.', raw_size: 2048, verdict: 'dmarc=pass (mx.portal.test)',
    ...over,
  });
}

/** The mailbox's status: by default not configured, nothing read. */
export function aMailInStatus(over: Partial<MailInStatus> = {}): MailInStatus {
  return mailInStatus.parse({
    configured: false, mailbox: null, connected: false, connected_at: null, last_fetch_at: null, last_error: null, last_error_at: null,
    counts: { note: 0, ticket: 0, held: 0, ignored: 0, attached: 0, dropped: 0 },
    sender_check: { on: true, trusted_authserv: ['mx.portal.test'], verify_dkim: false },
    ...over,
  });
}
