import MailComposer from 'nodemailer/lib/mail-composer';

/** One message as a mail program would send it to the support mailbox. */
export interface RawMailOptions {
  from: string;
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  /** Its Message-ID (`<…>`); null: a message without one; absent: a new random one. */
  messageId?: string | null;
  inReplyTo?: string;
  references?: string | string[];
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer | string; contentType?: string }[];
}

/** The RFC 822 bytes of a message (nodemailer's MailComposer), as the mailbox fetcher hands them to processMail. */
export async function rawMail(options: RawMailOptions): Promise<Buffer> {
  const { messageId, ...mail } = options;
  const composer = new MailComposer({
    to: 'support@portal.test',
    subject: 'A question',
    ...mail,
    ...(typeof messageId === 'string' ? { messageId } : {}),
  });
  const built = await composer.compile().build();
  if (messageId !== null) return built;
  // MailComposer always writes one: a message without a Message-ID loses that header line.
  return Buffer.from(built.toString('latin1').replace(/^Message-ID:[^\r\n]*\r\n/im, ''), 'latin1');
}
