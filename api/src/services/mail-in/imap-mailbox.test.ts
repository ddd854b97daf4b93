import { describeMailboxError, parseMailboxUrl } from './imap-mailbox';

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
