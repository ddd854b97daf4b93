import cluster from 'node:cluster';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { MailTransport } from '../services/mail-transport';

export type { MailTransport, OutgoingMail } from '../services/mail-transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** null without SMTP_URL: mail waits in mail_outbox (status pending). */
    mailTransport: MailTransport | null;
  }
}

/**
 * SMTP from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`). The timeouts are well inside the
 * runner's lease, so a hung server fails the attempt before another runner may take the row.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
}

/** Every mail goes through the outbox (repos.mailOutbox.add); this only picks what the job runner sends with. */
export const mailPlugin = fp<{ transport?: MailTransport | null }>(
  async (app, options) => {
    const { config } = app;
    const transport = options.transport !== undefined ? options.transport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
    app.decorate('mailTransport', transport);
    // Said once per start: the cluster primary's own API says it, its workers do not repeat it.
    if (!transport && !cluster.isWorker) app.log.warn('SMTP_URL is not set: mail stays in the mail_outbox table (status pending) until it is');
    app.addHook('onClose', async () => {
      transport?.close?.();
    });
  },
  { name: 'portal-mail', dependencies: ['portal-db'] },
);
