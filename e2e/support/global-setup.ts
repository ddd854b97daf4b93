import { startMailbox } from './mailbox';

/**
 * The journeys' mailbox (support/mailbox.ts), started before the tests: Playwright has started the
 * webServer already (it starts before the global setup), but the portal only sends the mail the
 * journeys make, from its outbox, so nothing is sent before the mailbox listens. The returned
 * function is the global teardown: it stops the mailbox. (The fresh database: playwright.config.ts.)
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailbox();
}
