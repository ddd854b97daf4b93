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
