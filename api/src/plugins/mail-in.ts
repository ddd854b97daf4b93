import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import type { Counter } from 'prom-client';
import { createMailFetcher, type MailFetchSummary, type MailProcessor } from '../services/mail-in/fetcher';
import { processMail } from '../services/mail-in/process-mail';
import { canVerifySenders } from '../services/mail-in/sender-verdict';
import { serviceContext } from '../services/service-context';

// Reading the support mailbox (docs/product/notifications-and-mail.md#reading-the-mailbox), beside the job runner:
// with MAIL_IN_URL set, every process that runs jobs competes for the mailbox's lease and the holder reads it.

export interface MailIn {
  /** MAIL_IN_URL is set. */
  readonly configured: boolean;
  /** One pass now (tests, an admin's "fetch now"); nothing when not configured or another process holds the mailbox. */
  fetchNow(): Promise<MailFetchSummary>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailIn: MailIn;
  }
}

/**
 * Counts each message read by what it became (ticket, note, held, ignored, duplicate) or `failed`, for GET /metrics
 * (docs/operations.md#metrics-and-health).
 */
export function countedMailProcessor(counter: Counter<'outcome'>, process: MailProcessor = processMail): MailProcessor {
  return async (ctx, message) => {
    try {
      const written = await process(ctx, message);
      counter.inc({ outcome: written.result.status });
      return written;
    } catch (error) {
      counter.inc({ outcome: 'failed' });
      throw error;
    }
  };
}

/** app.mailIn: started with the job runner (`runJobs`), stopped before the database closes. */
export const mailInPlugin = fp(
  async (app) => {
    const url = app.config.mailInUrl;
    if (!url) {
      app.decorate('mailIn', { configured: false, fetchNow: async () => ({ processed: 0, failed: 0 }) } satisfies MailIn);
      app.addHook('onReady', async () => {
        if (app.config.runJobs) app.log.info('MAIL_IN_URL is not set: no mail is read');
      });
      return;
    }
    const fetcher = createMailFetcher({
      ctx: serviceContext(app),
      url,
      allowPlaintext: app.config.mailInAllowPlaintext,
      pollMs: app.config.mailInPollMs,
      publish: (changes) => app.events.publish(...changes),
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      process: countedMailProcessor(app.metrics.mailIn),
    });
    app.decorate('mailIn', { configured: true, fetchNow: () => fetcher.fetchNow() } satisfies MailIn);
    app.addHook('onReady', async () => {
      if (!app.config.runJobs) return;
      // docs/operations.md#who-sent-a-mail: said once at the start, as the admin screen says it.
      const senders = app.config.mailInSenderCheck;
      if (!senders.on) app.log.warn('MAIL_IN_SENDER_CHECK=off: senders are not verified, any mail may write as the contact its From names');
      else if (!canVerifySenders(senders)) app.log.warn('mail in: nothing to verify senders with (MAIL_IN_TRUSTED_AUTHSERV, MAIL_IN_VERIFY_DKIM): every mail is held');
      fetcher.start();
    });
    app.addHook('preClose', async () => {
      await fetcher.stop();
    });
  },
  { name: 'portal-mail-in', dependencies: ['portal-db', 'portal-events', 'portal-metrics'] },
);
