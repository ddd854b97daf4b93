import { createTestApp, type TestApp } from '../../test-support/test-app';
import { serviceContext } from '../service-context';
import { LeaseLost, mailboxLease } from './mailbox-lease';

// One process reads the mailbox at a time (docs/product/notifications-and-mail.md#reading-the-mailbox), on the test database.

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-03-02T10:00:00Z');
  t = await createTestApp({ clock: () => now });
});
afterEach(() => t.close());

const leaseOf = (owner: string) => mailboxLease(serviceContext(t.app), { owner, leaseMs: 60_000, mailbox: 'support@imap.test:143/INBOX' });
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

test('one process holds the mailbox; the other gets it once the lease ran out, and the first learns it at its next renewal', async () => {
  const a = leaseOf('process-a');
  const b = leaseOf('process-b');
  expect(await a.claim()).toBe(true);
  expect(await b.claim()).toBe(false);
  expect(a.renewalDue()).toBe(false);
  advance(20_000);
  expect(a.renewalDue()).toBe(true);
  await a.keep();
  expect(a.renewalDue()).toBe(false);

  advance(61_000);
  expect(await b.claim()).toBe(true);
  await expect(a.saveProgress('7', 3)).rejects.toThrow(LeaseLost);
  await expect(a.keep()).rejects.toThrow(LeaseLost);
  expect(a.holding).toBe(false);

  await b.saveProgress('7', 3);
  expect(await t.app.repos.mailInState.get()).toMatchObject({ uid_validity: '7', last_uid: 3, lease_owner: 'process-b' });
  await b.release();
  expect(b.holding).toBe(false);
  expect(await t.app.repos.mailInState.get()).toMatchObject({ lease_owner: null, last_uid: 3 });
});
