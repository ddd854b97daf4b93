import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { openConnection, type MailboxAddress } from './imap-mailbox';

// The one IMAP connection the fetcher keeps open to the support mailbox, its folder selected: opened when needed,
// watched for a cut (the server, the network) and for the server's word of new mail (EXISTS, with IDLE).

export interface MailboxConnection {
  /** The open connection, opened (the folder selected) when there is none or it was lost. */
  open(): Promise<ImapFlow>;
  /** Closes it now, and one being opened; nothing is waited for. */
  cut(): void;
  /** Logs out politely when it can, else closes. */
  logout(): Promise<void>;
  /** An open connection that can be used now. */
  readonly usable: boolean;
  /** Whether the server offers IDLE (it then tells of new mail by itself). */
  readonly idle: boolean;
  /** The connection closed without us closing it (cleared by forgetLoss once the fetcher has seen it). */
  readonly lost: boolean;
  forgetLoss(): void;
  /** New mail was announced since the last takeNews. */
  readonly news: boolean;
  takeNews(): void;
}

export interface MailboxConnectionOptions {
  mailbox: MailboxAddress;
  maxBytes: number;
  log: FastifyBaseLogger;
  /** imap:// may go on without STARTTLS (MAIL_IN_ALLOW_PLAINTEXT=1). */
  allowPlaintext?: boolean;
  /** An error as it may be logged (no password). */
  describe(error: unknown): string;
  /** Connected, the folder open (before `open` answers). */
  onConnected(): Promise<void>;
  /** The connection was lost, or new mail announced: the fetcher's wait should end. */
  wake(): void;
}

export function mailboxConnection(options: MailboxConnectionOptions): MailboxConnection {
  const { mailbox, maxBytes, log, describe, wake } = options;
  let client: ImapFlow | undefined;
  /** A connection being opened: cut() may have to close it too. */
  let opening: ImapFlow | undefined;
  let lost = false;
  let news = false;

  const connection: MailboxConnection = {
    async open() {
      if (client?.usable && !lost) return client;
      connection.cut();
      const next = openConnection(mailbox, { maxBytes, log, allowPlaintext: options.allowPlaintext });
      next.on('error', (error: Error) => log.warn({ err: describe(error) }, 'mail in: connection error'));
      next.on('close', () => {
        if (client !== next) return;
        log.warn({ mailbox: mailbox.identity }, 'mail in: connection lost');
        lost = true;
        wake();
      });
      next.on('exists', () => {
        news = true;
        wake();
      });
      opening = next;
      try {
        await next.connect();
        await next.mailboxOpen(mailbox.folder);
      } catch (error) {
        next.close();
        throw error;
      } finally {
        opening = undefined;
      }
      client = next;
      lost = false;
      await options.onConnected();
      log.info({ mailbox: mailbox.identity, idle: next.capabilities.has('IDLE') }, 'mail in: connected');
      return next;
    },
    cut() {
      const open = client;
      client = undefined;
      open?.close();
      opening?.close();
    },
    async logout() {
      const open = client;
      client = undefined;
      if (open?.usable) await open.logout().catch(() => open.close());
      else open?.close();
    },
    get usable() {
      return !!client?.usable;
    },
    get idle() {
      return !!client?.capabilities.has('IDLE');
    },
    get lost() {
      return lost;
    },
    forgetLoss() {
      lost = false;
    },
    get news() {
      return news;
    },
    takeNews() {
      news = false;
    },
  };
  return connection;
}
