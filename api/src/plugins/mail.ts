import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { MailOutboxRepository } from '../repositories/mail-outbox-repository';

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
export function createOutboxMailer(outbox: MailOutboxRepository, log: (line: string) => void): Mailer {
  return {
    async send(message) {
      await outbox.add(message);
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
        : createOutboxMailer(app.repos.mailOutbox, (line) => app.log.info(line)));
    app.decorate('mailer', mailer);
  },
  { name: 'portal-mail', dependencies: ['portal-db'] },
);
