import type { PortalDb } from '../db/connect';

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export interface OutboxMessage {
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

/** Mail kept in the mail_outbox table: where messages go while no SMTP server is configured. */
export function createMailOutboxRepository(db: PortalDb) {
  return {
    /**
     * Queues a message. Pass the transaction of the change that causes the mail (`trx`), so the
     * mail is written if and only if the change is.
     */
    async add(message: OutboxMessage, executor: PortalDb = db): Promise<void> {
      await executor
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text: message.text ?? null,
          html: message.html ?? null,
          date_created: new Date().toISOString(),
          date_sent: null,
          error: null,
        })
        .execute();
    },
  };
}
