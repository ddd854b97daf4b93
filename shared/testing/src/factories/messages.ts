import { failedMail, messageProgress, type FailedMail, type MessageProgress } from '@portal/contract';
import { resultCounts } from '@portal/domain';

type SentRecipient = MessageProgress['recipients'][number];

/** A recipient of a sent message: by default Cora Client, mailed and delivered. */
export function aSentRecipient(over: Partial<SentRecipient> = {}): SentRecipient {
  return {
    recipient_id: 1, contact_id: 31, name: 'Cora Client', email: 'client@demo.test', status: 'sent', error: null, result: 'sent', result_error: null,
    ...over,
  };
}

/** A finished message-centre send by Ada Admin; its counts follow its recipients (by default one, delivered). */
export function aSentMessage(over: Partial<MessageProgress> = {}): MessageProgress {
  const recipients = over.recipients ?? [aSentRecipient()];
  return messageProgress.parse({
    message_id: 1, subject: 'Autumn news', message: 'Hello {{contactFirst}}', kind: 'contacts', sender_id: 1, sender_name: 'Ada Admin',
    date_created: '2026-11-20T10:00:00.000Z', status: 'done', total: recipients.length,
    sent: recipients.filter((r) => r.status === 'sent').length, failed: recipients.filter((r) => r.status === 'failed').length,
    results: resultCounts(recipients),
    ...over,
    recipients,
  });
}

/** An outbox mail given up after its last attempt: by default a reset code to a dead address. */
export function aFailedMail(over: Partial<FailedMail> = {}): FailedMail {
  return failedMail.parse({
    id: 900, to_address: 'gone@elsewhere.test', subject: 'Your reset code', error: '550 5.1.1 Recipient address rejected', attempts: 24,
    date_created: '2026-11-19T08:00:00.000Z',
    ...over,
  });
}
