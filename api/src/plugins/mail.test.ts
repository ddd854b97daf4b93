import { createTestApp, type TestApp } from '../test-support/test-app';
import { createOutboxMailer } from './mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('without SMTP_URL, mail goes to the outbox table and the log', async () => {
  const lines: string[] = [];
  const mailer = createOutboxMailer(t.app.repos.mailOutbox, (line) => lines.push(line));
  await mailer.send({ to: 'admin@demo.test', subject: 'New ticket', text: 'See clients/1/tickets/1', html: '<p>See</p>' });
  const rows = await t.app.db.selectFrom('mail_outbox').selectAll().execute();
  expect(rows).toEqual([expect.objectContaining({ to_address: 'admin@demo.test', subject: 'New ticket', text: 'See clients/1/tickets/1', date_sent: null })]);
  expect(lines[0]).toContain('New ticket');
});

test('a mailer passed to createPortalApi is the one app.mailer uses', async () => {
  const sent: string[] = [];
  const other = await createTestApp({ mailer: { send: async (message) => void sent.push(message.subject) } });
  try {
    await other.app.mailer.send({ to: 'x@demo.test', subject: 'captured' });
    expect(sent).toEqual(['captured']);
  } finally {
    await other.close();
  }
});
