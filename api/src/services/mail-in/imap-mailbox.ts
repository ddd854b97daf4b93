import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow, type MessageStructureObject } from 'imapflow';

// The IMAP side of reading the support mailbox (docs/product/notifications-and-mail.md#reading-the-mailbox): where
// MAIL_IN_URL points, how a connection is opened, and how one message is downloaded within bounds.

/** How much of an oversized message's first text part is read. */
const OVERSIZE_TEXT_BYTES = 1024 * 1024;

export interface MailboxAddress {
  secure: boolean;
  host: string;
  port: number;
  user: string;
  password: string;
  folder: string;
  /** user@host:port/folder, no password: where progress was made. Another mailbox starts over from its first message. */
  identity: string;
}

/** imap://user:password@host:143/INBOX (imaps:// for TLS; ports 143 and 993 by default; the folder INBOX by default). */
export function parseMailboxUrl(value: string): MailboxAddress {
  const url = new URL(value);
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const folder = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { secure, host, port, user, password: decodeURIComponent(url.password), folder, identity: `${user}@${url.hostname}:${port}/${folder}` };
}

/**
 * A connection, not opened yet. imapflow's own log goes to ours at debug level (it never logs the password). Over
 * imap:// it must upgrade with STARTTLS before it logs in: a server that does not offer it (or a man in the middle who
 * strips the offer from the cleartext greeting) is refused, so the password never crosses the network in the clear.
 * `allowPlaintext` (MAIL_IN_ALLOW_PLAINTEXT=1, a server on this machine or network) upgrades only when offered.
 */
export function openConnection(mailbox: MailboxAddress, options: { maxBytes: number; log: FastifyBaseLogger; allowPlaintext?: boolean }): ImapFlow {
  const { log, maxBytes } = options;
  const debug = (entry: unknown) => log.debug({ imap: entry }, 'mail in: imap');
  return new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    ...(mailbox.secure || options.allowPlaintext ? {} : { doSTARTTLS: true }),
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: { debug, info: debug, warn: debug, error: debug },
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
    socketTimeout: 5 * 60_000,
    // Re-issuing IDLE now and then finds a connection that died without a word (a NAT that forgot it).
    maxIdleTime: 4 * 60_000,
    autoIdleDelay: 1000,
    // Bounds memory against a broken or hostile server; a message downloaded whole is at most maxBytes.
    maxLiteralSize: 2 * maxBytes,
    maxResponseSize: 2 * maxBytes + 1024 * 1024,
  });
}

/** The first text part a person would read, not an attachment. */
function firstTextPart(node: MessageStructureObject, type: string): MessageStructureObject | undefined {
  if (node.childNodes?.length) {
    for (const child of node.childNodes) {
      const found = firstTextPart(child, type);
      if (found) return found;
    }
    return undefined;
  }
  return node.type === type && node.disposition !== 'attachment' ? node : undefined;
}

/** A MIME token the server parsed out of the message (hostile): used only when it looks like one. */
const token = (value: string | undefined, fallback: string) => (value && /^[\w.+/-]{1,64}$/.test(value) ? value : fallback);

/** The header without its Content-* and MIME-Version fields (they described the whole message). */
function headerWithoutContentFields(header: Buffer): string {
  const lines = header.toString('latin1').replace(/(\r?\n)+$/, '').split(/\r?\n/);
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    dropping = /^(content-[\w-]+|mime-version)\s*:/i.test(line);
    if (!dropping) kept.push(line);
  }
  return kept.join('\r\n');
}

/**
 * The raw source of message `uid` of the selected folder; null when it is gone. A message over `maxBytes` is not
 * downloaded whole: the processor gets its header and its first text part (plain before HTML, at most
 * OVERSIZE_TEXT_BYTES) as a one-part message, so the words arrive and no file arrives half there.
 */
export async function downloadMessage(connection: ImapFlow, uid: number, size: number, maxBytes: number, log: FastifyBaseLogger): Promise<Buffer | null> {
  if (size <= maxBytes) {
    const whole = await connection.fetchOne(String(uid), { source: true }, { uid: true });
    return whole ? (whole.source ?? null) : null;
  }
  const head = await connection.fetchOne(String(uid), { headers: true, bodyStructure: true }, { uid: true });
  if (!head || !head.headers) return null;
  const structure = head.bodyStructure;
  const text = structure && (firstTextPart(structure, 'text/plain') ?? firstTextPart(structure, 'text/html'));
  let body: Buffer = Buffer.alloc(0);
  let contentFields = 'Content-Type: text/plain; charset=utf-8';
  if (text) {
    // A one-part message has no part number: its body is part 1.
    const key = text.part ?? '1';
    const part = await connection.fetchOne(String(uid), { bodyParts: [{ key, maxLength: OVERSIZE_TEXT_BYTES }] }, { uid: true });
    body = (part && part.bodyParts?.get(key.toLowerCase())) || Buffer.alloc(0);
    const decoded = !!part && !!part.binaryParts?.has(key.toLowerCase());
    contentFields = `Content-Type: ${token(text.type, 'text/plain')}; charset=${token(text.parameters?.charset, 'utf-8')}\r\n`
      + `Content-Transfer-Encoding: ${decoded ? '8bit' : token(text.encoding, '7bit')}`;
  }
  log.warn({ uid, size, maxBytes }, 'mail in: message too large, reading its header and first text part only');
  return Buffer.concat([Buffer.from(`${headerWithoutContentFields(head.headers)}\r\nMIME-Version: 1.0\r\n${contentFields}\r\n\r\n`, 'latin1'), body]);
}

/**
 * An error of the mailbox as it may be logged and shown on the admin screen: its message and the server's answer.
 * Server answers do not repeat the password, but an error must never carry it to the admin screen.
 */
export function describeMailboxError(error: unknown, mailbox: Pick<MailboxAddress, 'password'>): string {
  const base = error instanceof Error ? error.message : String(error);
  const response = (error as { responseText?: unknown } | null)?.responseText;
  const text = typeof response === 'string' && response && !base.includes(response) ? `${base}: ${response}` : base;
  return mailbox.password.length >= 4 ? text.split(mailbox.password).join('***') : text;
}
