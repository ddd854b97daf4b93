import { startMailbox } from './mailbox';
import { startSupportMailbox } from './support-mailbox';

/**
 * The journeys' mailboxes, started before the tests: the SMTP capture the portal sends to
 * (support/mailbox.ts) and the support mailbox it reads (support/support-mailbox.ts). Playwright
 * has started the webServer already (it starts before the global setup), but the portal only sends
 * the mail the journeys make, from its outbox, so nothing is sent before the capture listens; and it
 * keeps trying the support mailbox until it answers. The returned function is the global teardown:
 * it stops both. (The fresh database: playwright.config.ts.)
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopCapture = await startMailbox();
  const stopSupport = await startSupportMailbox();
  return async () => {
    await stopSupport();
    await stopCapture();
  };
}
