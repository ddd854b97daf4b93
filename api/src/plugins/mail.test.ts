import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('without SMTP_URL, mail waits in the outbox (pending) and the runner leaves it there', async () => {
  const id = await t.app.repos.mailOutbox.add(t.app.db, { to: 'admin@demo.test', subject: 'New ticket', text: 'See clients/1/tickets/1', html: '<p>See</p>' });
  expect(t.app.mailTransport).toBeNull();
  expect(await t.app.jobs.runOnce()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
  expect(await t.app.repos.mailOutbox.findById(id)).toMatchObject({
    to_address: 'admin@demo.test', subject: 'New ticket', text: 'See clients/1/tickets/1', status: 'pending', attempts: 0, date_sent: null,
  });
});
