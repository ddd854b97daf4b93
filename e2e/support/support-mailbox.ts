import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import { startDovecot } from '../../api/src/test-support/dovecot';
import { imapPort, supportMailbox } from './portal-env';

// The support mailbox of the journeys (mail in): a real Dovecot on imapPort, started by the global
// setup; the portal reads it through MAIL_IN_URL (portalEnv). A journey delivers a message into it
// as a mail server would, by IMAP APPEND, with the Authentication-Results the receiving server writes
// (dmarc=pass for the sender's domain) on top.

/** Starts the support mailbox; answers the function that stops it. */
export async function startSupportMailbox(): Promise<() => Promise<void>> {
  const dovecot = await startDovecot({ port: imapPort, user: supportMailbox.user, password: supportMailbox.password });
  return () => dovecot.stop();
}

export interface IncomingMail {
  from: string;
  subject: string;
  text?: string;
  html?: string;
  inReplyTo?: string;
  references?: string;
  /** Others the sender copied (docs/product/tickets.md#followers-and-cc). */
  cc?: string;
  /** Its own Message-ID (`<…>`), so a later reply can name it; else a new random one. */
  messageId?: string;
}

/** Builds the message (nodemailer's composer) and delivers it to the support mailbox. */
export async function deliverToSupport(mail: IncomingMail): Promise<void> {
  const domain = mail.from.slice(mail.from.lastIndexOf('@') + 1).replace(/>.*$/, '');
  const verdict = `Authentication-Results: ${supportMailbox.authservId}; dmarc=pass header.from=${domain}\r\n`;
  const raw = Buffer.concat([Buffer.from(verdict), await new MailComposer({ ...mail, to: supportMailbox.address }).compile().build()]);
  const client = new ImapFlow({
    host: '127.0.0.1', port: imapPort, secure: false, logger: false,
    auth: { user: supportMailbox.user, pass: supportMailbox.password },
  });
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}
