import type { Page, Request } from '@playwright/test';
import { LIVE_CATCH_UP_WAIT_MS, LIVE_SAFETY_POLL_MS } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { acmeTicket, addNote, openTicket, signedInPage } from '../support/ticket-pages';

const liveStream = (page: Page) => page.locator('[data-live]').first();

test('a note written by the agent appears on the client\'s open ticket within a second, pushed over the live stream', async ({ browser }) => {
  const title = `Live note ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);

  // The client's tab tells its stream what it shows (docs/architecture.md#a-live-update): the ticket's notes among it.
  const ticketId = Number(/\/tickets\/(\d+)/.exec(path)?.[1]);
  const watchesTicket = client.waitForRequest((request) => request.url().endsWith('/api/events/watch')
    && ((request.postDataJSON() as { keys: string[] | null }).keys ?? []).includes(`/ticket/${ticketId}/activity`));
  const clientOpenedAt = Date.now();
  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on');
  await expect(liveStream(agent)).toHaveAttribute('data-live', 'on');
  expect((await (await watchesTicket).response())?.status()).toBe(200);

  const note = `Pushed to the client ${Date.now()}`;
  await addNote(agent, note);
  await expect(client.getByTestId('activity-feed').getByText(note)).toBeVisible({ timeout: 1000 });
  // While the stream is open the page polls every 30 s: a page this young has not polled since it opened.
  expect(Date.now() - clientOpenedAt).toBeLessThan(10_000);

  await client.context().close();
  await agent.context().close();
});

test('with the live stream blocked, the client\'s open ticket still shows the agent\'s note by polling', async ({ browser }) => {
  const title = `Polled note ${Date.now()}`;
  const client = await signedInPage(browser, 'client', { blockEvents: true });
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);

  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'off');

  const note = `Polled by the client ${Date.now()}`;
  await addNote(agent, note);
  // The ticket page polls every 5 seconds when there is no stream (docs/product/tickets.md#refresh).
  await expect(client.getByTestId('activity-feed').getByText(note)).toBeVisible({ timeout: 7000 });
  await expect(liveStream(client)).toHaveAttribute('data-live', 'off');

  await client.context().close();
  await agent.context().close();
});

test("while the stream is open, the tab's safety net is one check every 30 s: the keys on screen with their ETags; only the keys it names are read again", async ({ browser }) => {
  const title = `Checked ticket ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, title);
  const ticketId = Number(/\/tickets\/(\d+)/.exec(path)?.[1]);
  // The page's clock is Playwright's: it runs with real time, and the 30 s to the safety net's check are skipped below.
  await client.clock.install();
  const checks: Request[] = [];
  client.on('request', (request) => {
    if (request.url().endsWith('/api/events/check')) checks.push(request);
  });
  await openTicket(client, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on');
  // The stream's catch-up checks, a second after `ready`, the keys whose first answer was still on its way
  // (docs/architecture.md#a-live-update): let it pass, so the next check is the safety net's.
  await client.waitForTimeout(LIVE_CATCH_UP_WAIT_MS + 1000);
  const before = checks.length;
  await client.clock.fastForward(LIVE_SAFETY_POLL_MS);
  await expect.poll(() => checks.length).toBeGreaterThan(before);
  const check = checks[before]!;
  const keys = (check.postDataJSON() as { keys: { key: string; etag: string | null }[] }).keys;
  // The ticket's polled keys, each with the ETag of the answer on screen (no key polls alone any more).
  for (const path of [`/ticket/${ticketId}`, `/ticket/${ticketId}/activity`, `/ticket/${ticketId}/tasks`]) {
    const entry = keys.find(({ key }) => key.split('?')[0] === path);
    expect(entry?.etag).toMatch(/^"[\w-]+"$/);
  }
  const reads: string[] = [];
  client.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes('/api/')) reads.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  const answer = await check.response();
  expect(answer?.status()).toBe(200);
  const { stale } = (await answer!.json()) as { stale: string[] };
  // A process that never computed an answer cannot vouch for it (two processes here): those keys, and only those, are read again.
  await expect.poll(() => stale.every((key) => reads.includes(`/api${key}`))).toBe(true);
  await client.waitForTimeout(500);
  expect(reads.filter((read) => !stale.some((key) => read === `/api${key}`))).toEqual([]);

  await client.context().close();
});
