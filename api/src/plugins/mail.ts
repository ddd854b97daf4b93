import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { PortalDb } from '../db/connect';

export interface MailMessage {
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Real SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP a fresh machine still works: mail lands in the mail_outbox table and the log. */
export function createOutboxMailer(db: PortalDb, log: (line: string) => void): Mailer {
  return {
    async send(message) {
      await db
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
      log(`mail to ${message.to}: ${message.subject} (stored in mail_outbox; set SMTP_URL to send)`);
    },
  };
}

export const mailPlugin = fp<{ mailer?: Mailer }>(
  async (app, options) => {
    const { config } = app;
    const mailer =
      options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(app.db, (line) => app.log.info(line)));
    app.decorate('mailer', mailer);
  },
  { name: 'portal-mail', dependencies: ['portal-db'] },
);
