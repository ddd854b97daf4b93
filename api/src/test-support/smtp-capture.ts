import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The raw message as the server got it (headers and body). */
  raw: string;
  subject: string;
  /** The X-Portal-Outbox-Id header: which outbox row this is. */
  outboxId: number;
}

export type SmtpMode = 'accept' | 'tempfail' | 'reject';

const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';

/**
 * A real SMTP server in the test process (the `smtp-server` package): it accepts, answers 451 (try
 * again later) or 550 (refused) to the message, and keeps what it accepted.
 */
export function smtpCapture() {
  let mode: SmtpMode = 'accept';
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (mode !== 'accept') {
          const error = Object.assign(new Error(mode === 'tempfail' ? 'Mailbox busy, try again later' : 'Relay refused'), {
            responseCode: mode === 'tempfail' ? 451 : 550,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: header(raw, 'Subject'),
          outboxId: Number(header(raw, 'X-Portal-Outbox-Id')),
        });
        callback();
      });
    },
  });
  return {
    received,
    setMode(next: SmtpMode) {
      mode = next;
    },
    /** Listens on `port` (0: any free one) on 127.0.0.1 and answers the port. */
    listen(port = 0): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
