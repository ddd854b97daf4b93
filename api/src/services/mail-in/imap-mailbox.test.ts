import { createServer, type AddressInfo, type Server } from 'node:net';
import pino from 'pino';
import { describeMailboxError, openConnection, parseMailboxUrl } from './imap-mailbox';

test('MAIL_IN_URL: user, password, host, port and folder, with the defaults of imap and imaps', () => {
  expect(parseMailboxUrl('imap://support%40example.com:pw@imap.example.com/Support%20Mail')).toMatchObject({
    secure: false, host: 'imap.example.com', port: 143, user: 'support@example.com', password: 'pw', folder: 'Support Mail',
    identity: 'support@example.com@imap.example.com:143/Support Mail',
  });
  expect(parseMailboxUrl('imaps://u:p@[::1]')).toMatchObject({ secure: true, host: '::1', port: 993, folder: 'INBOX' });
});

test("an error names the server's answer and never the password", () => {
  const mailbox = parseMailboxUrl('imap://support:s3cret-pw@imap.example.com/INBOX');
  const refused = Object.assign(new Error('Command failed'), { responseText: 'Authentication failed for support / s3cret-pw' });
  expect(describeMailboxError(refused, mailbox)).toBe('Command failed: Authentication failed for support / ***');
  expect(describeMailboxError(Object.assign(new Error('Command failed: NO'), { responseText: 'NO' }), mailbox)).toBe('Command failed: NO');
  expect(describeMailboxError('s3cret-pw went away', mailbox)).toBe('*** went away');
  // A password this short would mask ordinary words.
  expect(describeMailboxError(new Error('a pw b'), parseMailboxUrl('imap://u:pw@h/INBOX'))).toBe('a pw b');
});

/** An IMAP server that offers no STARTTLS and records every byte a client sends it (a man in the middle could). */
async function cleartextServer(): Promise<{ server: Server; port: number; received: () => string }> {
  let received = '';
  const server = createServer((socket) => {
    socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n');
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
        const [tag, command] = line.split(' ');
        if (command?.toUpperCase() === 'CAPABILITY') socket.write('* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n');
        socket.write(`${tag} OK done\r\n`);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received: () => received };
}

test('imap:// without STARTTLS is refused before the password is sent, unless MAIL_IN_ALLOW_PLAINTEXT allows it', async () => {
  const { server, port, received } = await cleartextServer();
  const log = pino({ level: 'silent' });
  try {
    const mailbox = parseMailboxUrl(`imap://support:s3cret-pw@127.0.0.1:${port}/INBOX`);
    const refused = openConnection(mailbox, { maxBytes: 1024, log });
    refused.on('error', () => undefined);
    await expect(refused.connect()).rejects.toThrow(/STARTTLS/);
    refused.close();
    // Neither LOGIN nor AUTHENTICATE (whose PLAIN answer carries the password in base64) was sent.
    expect(received()).not.toMatch(/LOGIN|AUTHENTICATE|s3cret-pw/i);

    const allowed = openConnection(mailbox, { maxBytes: 1024, log, allowPlaintext: true });
    allowed.on('error', () => undefined);
    await allowed.connect().catch(() => undefined);
    allowed.close();
    expect(received()).toMatch(/LOGIN|AUTHENTICATE/i);
  } finally {
    server.close();
  }
});
