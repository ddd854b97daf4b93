import { createTestApp, type TestApp } from '../../test-support/test-app';
import { serviceContext } from '../service-context';
import { fetchStatus, MAIL_IN_MAX_TRIES, messageTries } from './fetch-status';

// What the admin screen reads of the mailbox's reading (docs/product/notifications-and-mail.md#reading-the-mailbox),
// on the test database, and how often a failing message is tried.

let t: TestApp;
const now = new Date('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await createTestApp({ clock: () => now });
  await t.app.repos.mailInState.claimLease('process-a', now, 60_000, 'support@imap.test:143/INBOX');
});
afterEach(() => t.close());

test('an error a clean pass settles is cleared by it; one that must stay stays until the next connection', async () => {
  const status = fetchStatus(serviceContext(t.app));
  const lastError = async () => (await t.app.repos.mailInState.get())?.last_error;

  await status.passingError('the connection to the mailbox was closed');
  expect(await lastError()).toBe('the connection to the mailbox was closed');
  await status.clean();
  expect(await lastError()).toBeNull();

  await status.lastingError('message UID 4 skipped after 5 failed tries: broken');
  await status.clean();
  expect(await lastError()).toBe('message UID 4 skipped after 5 failed tries: broken');
  await status.connected();
  expect(await t.app.repos.mailInState.get()).toMatchObject({ last_error: null, connected_at: now.toISOString() });
});

test(`a failing message is tried ${MAIL_IN_MAX_TRIES} times, then skipped and forgotten; a success forgets its tries`, () => {
  const tries = messageTries();
  for (let n = 1; n < MAIL_IN_MAX_TRIES; n++) expect(tries.failed('7:4')).toEqual({ retry: true, tries: n });
  expect(tries.failed('7:4')).toEqual({ retry: false, tries: MAIL_IN_MAX_TRIES });
  expect(tries.failed('7:4')).toEqual({ retry: true, tries: 1 });
  tries.failed('7:5');
  tries.succeeded('7:5');
  expect(tries.failed('7:5')).toEqual({ retry: true, tries: 1 });
});
