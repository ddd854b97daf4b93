import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

// A click is instant (docs/performance.md#a-click-is-instant): a pointer resting on a ticket's link on the dashboard
// reads the ticket page ahead, its code and its reads, so the click finds them in and reads nothing of the ticket
// again. Requests only: the times are `npm run measure:screens`'s.
//
// A seeded ticket no journey writes to: a key the page starts watching is checked against the changes of the last
// seconds (api/src/plugins/events.ts), so a ticket written just before would rightly be read again.
const TITLE = 'Update the holiday opening hours';

interface Listed {
  ticket_id: number;
  title: string;
}

test('a ticket hovered on the dashboard opens with its newest note, its reads made before the click and none after', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  const companyId = Number(new URL(page.url()).pathname.split('/')[2]);
  const listed = (await (await page.request.get(`/api/company/${companyId}/tickets?completed_limit=0`)).json()) as Listed[];
  const ticketId = listed.find((ticket) => ticket.title === TITLE)!.ticket_id;
  const [newest] = (await (await page.request.get(`/api/ticket/${ticketId}/activity?limit=1`)).json()) as { note: string }[];

  // The ticket's own reads (GET /api/ticket/{id} and below it), before the click and after it.
  const ticketRead = new RegExp(`^/api/ticket/${ticketId}(/|$)`);
  const reads = { before: [] as string[], after: [] as string[] };
  let clicked = false;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && ticketRead.test(url.pathname)) (clicked ? reads.after : reads.before).push(`${url.pathname}${url.search}`);
  });

  const link = page.getByRole('link', { name: TITLE, exact: true }).first();
  await expect(link).toBeVisible();
  expect(reads.before).toEqual([]);
  await link.hover();
  await expect.poll(() => reads.before).toEqual(expect.arrayContaining([`/api/ticket/${ticketId}`, expect.stringMatching(new RegExp(`^/api/ticket/${ticketId}/activity`))]));

  clicked = true;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(page.getByRole('region', { name: 'Activity feed' }).getByText(newest!.note).first()).toBeVisible();

  // Nothing read ahead was read again: the page took the answers the hover had read.
  expect(reads.after.filter((read) => reads.before.includes(read))).toEqual([]);
});

test("a settled dashboard fetches the tickets remote's code ahead without running it, and a tap on a ticket runs it from the cache", async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts: { url: string; cached: boolean }[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (!event.response.url.includes('/remotes/tickets/')) return;
    const { fromDiskCache, fromPrefetchCache } = event.response as { fromDiskCache?: boolean; fromPrefetchCache?: boolean };
    scripts.push({ url: new URL(event.response.url).pathname, cached: fromDiskCache === true || fromPrefetchCache === true });
  });

  // The ticket cards lead to the tickets remote: once the screen has settled, its entry and its page's chunks are
  // fetched at the lowest priority, and nothing of it runs (no ticket page's code is loaded as a script).
  const prefetched = page.locator('link[rel="prefetch"][href*="/remotes/tickets/"]');
  await expect(prefetched.first()).toBeAttached({ timeout: 15_000 });
  const hrefs = await prefetched.evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(hrefs).toEqual(expect.arrayContaining([expect.stringMatching(/\/remoteEntry\.js$/), expect.stringMatching(/\/markdown\.[0-9a-f]+\.js$/)]));
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/remotes\/tickets\/.*\.js$/.test(entry.name) && (entry as PerformanceResourceTiming).initiatorType === 'script').length)).toBe(0);
  await expect.poll(() => hrefs.every((href) => scripts.some((script) => script.url === href))).toBe(true);

  // The tap: the remote's entry comes from the cache, not the network.
  scripts.length = 0;
  await page.getByRole('link', { name: TITLE, exact: true }).first().click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await expect(page.getByRole('region', { name: 'Activity feed' })).toBeVisible();
  const entry = scripts.find((script) => script.url.endsWith('/remoteEntry.js'));
  expect(entry, 'remoteEntry.js was loaded on the tap').toBeDefined();
  expect(entry!.cached).toBe(true);
});
