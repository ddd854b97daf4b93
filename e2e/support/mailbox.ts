import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { linksOf, parseMail } from './mime';
import { e2eMailDir, smtpPort } from './portal-env';

// The journeys' mailbox: an SMTP server the portal sends to (SMTP_URL in portalEnv), started by the
// global setup in the runner process. Each message it accepts becomes a JSON file in e2eMailDir,
// which the tests (in their worker processes) read with waitForMail.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** Its Message-ID header (`<…>`): a reply names it in In-Reply-To. */
  messageId: string;
  /** Its Reply-To header, or ''. */
  replyTo: string;
  /** Its List-Unsubscribe header (`<https://…>`), or '' (RFC 2369). */
  listUnsubscribe: string;
  /** Its List-Unsubscribe-Post header, or '' (RFC 8058 one-click). */
  listUnsubscribePost: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

/** Starts the capture server on `port`; answers the function that stops it. */
export async function startMailbox(port = smtpPort, dir = e2eMailDir): Promise<() => Promise<void>> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject,
          messageId: parsed.headers.get('message-id') ?? '',
          replyTo: parsed.headers.get('reply-to') ?? '',
          listUnsubscribe: parsed.headers.get('list-unsubscribe') ?? '',
          listUnsubscribePost: parsed.headers.get('list-unsubscribe-post') ?? '',
          text: parsed.text,
          html: parsed.html,
          links: linksOf(parsed),
          receivedAt: new Date().toISOString(),
        };
        counter += 1;
        writeFileSync(join(dir, `${Date.now()}-${String(counter).padStart(5, '0')}.json`), JSON.stringify(mail, null, 2));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every message received so far, oldest first. */
export function receivedMail(dir = e2eMailDir): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}

export interface MailQuery {
  to: string;
  subject?: string | RegExp;
  /** Text the plain-text part must contain. */
  text?: string | RegExp;
  timeoutMs?: number;
}

const matches = (value: string, wanted: string | RegExp | undefined) =>
  wanted === undefined || (typeof wanted === 'string' ? value.includes(wanted) : wanted.test(value));

/** Waits until a message for `to` (and subject / text, if given) has arrived, and answers it. */
export async function waitForMail(query: MailQuery): Promise<ReceivedMail> {
  const deadline = Date.now() + (query.timeoutMs ?? 20_000);
  const to = query.to.toLowerCase();
  for (;;) {
    const found = receivedMail().find((mail) => mail.to.includes(to) && matches(mail.subject, query.subject) && matches(mail.text, query.text));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = receivedMail().map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(`No mail to ${query.to} matching ${String(query.subject ?? '')} ${String(query.text ?? '')} (received: ${seen.join('; ') || 'none'})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
