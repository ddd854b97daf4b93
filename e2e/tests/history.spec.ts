import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';
import { acmeTicket, openTicket, signedInPage } from '../support/ticket-pages';
import { companyIdOf } from '../support/demo-data';

// All history is reachable (docs/product/dashboards.md#ticket-history, docs/product/tickets.md#status-lines):
// a cancelled ticket stays in the client's history with its badge and a status line everyone reads;
// the history pages with "Show more"; the ticket's feed loads older notes.

const history = (page: Page) => page.getByRole('region', { name: 'Completed', exact: true });
const progress = (page: Page) => history(page).getByTestId('history-progress');

test('staff cancel a ticket: the client still finds it in the history with its badge, opens it and reads the status line', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Drop the winter banner ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, title);

  const admin = await signedInPage(browser, 'admin');
  await openTicket(admin, path, title);
  await admin.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Cancel Ticket' }).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Cancel Ticket' }).click();
  await expect(dialog).toHaveCount(0);

  // The client's dashboard: not in a column any more, but at the top of the history, badged.
  const companyPath = path.replace(/\/tickets\/\d+$/, '');
  await client.goto(companyPath);
  const entry = history(client).getByTestId('completed-ticket').first();
  await expect(entry).toContainText(title);
  await expect(entry.getByTestId('history-badge')).toHaveText('Cancelled');
  await expect(client.getByTestId('ticket-card').filter({ hasText: title })).toHaveCount(0);

  await entry.getByRole('link', { name: title }).click();
  await expect(client).toHaveURL(new RegExp(`${path}$`));
  await expect(client.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) })).toBeVisible();
  const line = client.getByRole('region', { name: 'Activity feed' }).getByTestId('status-line').first();
  await expect(line).toContainText(/Ticket cancelled \(was [A-Za-z ]+\)\./);
  await expect(line).toContainText(`by ${await adminName(admin)}`);
  await client.context().close();
  await admin.context().close();
});

async function adminName(admin: Page): Promise<string> {
  const me = (await (await admin.request.get('/api/auth/me')).json()) as { contact: { first_name: string; last_name: string } };
  return `${me.contact.first_name} ${me.contact.last_name}`;
}

test("the client's history pages through everything with Show more, newest first", async ({ browser, request }) => {
  test.setTimeout(120_000);
  await apiSignIn(request, 'admin');
  const globex = await companyIdOf(request, 'Globex Corporation');
  const stamp = Date.now();
  // 22 tickets closed one after the other: the last one closed is the newest.
  const titles: string[] = [];
  for (let i = 0; i < 22; i++) {
    const title = `Archived request ${stamp} #${String(i).padStart(2, '0')}`;
    const created = await request.post('/api/ticket', {
      data: { type_id: 1, title, description: 'Closed for the history.', priority_id: 4, company_id: globex, estimate_required: 0 },
    });
    expect(created.status()).toBe(201);
    const { ticket_id: ticketId } = (await created.json()) as { ticket_id: number };
    expect((await request.put(`/api/ticket/${ticketId}`, { data: { status_id: i % 2 ? 5 : 6 } })).status()).toBe(200);
    titles.push(title);
  }

  const client = await signedInPage(browser, 'client2');
  await client.goto(`/clients/${globex}`);
  const rows = history(client).getByTestId('completed-ticket');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(titles[21]!);
  const total = Number((await progress(client).textContent())?.match(/of (\d+)$/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(22);
  await expect(progress(client)).toHaveText(`Showing 20 of ${total}`);

  await history(client).getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(Math.min(40, total));
  await expect(progress(client)).toHaveText(`Showing ${Math.min(40, total)} of ${total}`);
  // Newest first across the pages: the first one closed is the 22nd of them.
  const shown = await rows.allTextContents();
  expect(shown.findIndex((text) => text.includes(titles[0]!))).toBe(21);
  await client.context().close();
});

test('the ticket feed loads older notes with "Load older notes" and on scroll', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Long conversation ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, title);
  const ticketId = Number(path.split('/').pop());
  for (let i = 1; i <= 45; i++) {
    const res = await client.request.post('/api/activity', { data: { ticket_id: ticketId, note: `Message ${String(i).padStart(2, '0')}` } });
    expect(res.status()).toBe(201);
  }

  await openTicket(client, path, title);
  const feed = client.getByRole('region', { name: 'Activity feed' });
  const notes = feed.getByRole('listitem', { name: /^Note by / });
  await expect(notes.first()).toContainText('Message 45');
  await expect(notes).toHaveCount(20);

  // The button loads the next page, for a keyboard or a click: dispatched without scrolling, so the
  // end of the feed stays out of view and the scroll loading cannot race it.
  await feed.getByRole('button', { name: 'Load older notes' }).dispatchEvent('click');
  await expect(notes).toHaveCount(40);
  // Scrolling to the end loads the rest, down to the first message.
  await expect
    .poll(async () => {
      await feed.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
      return feed.getByText('Message 01', { exact: true }).count();
    })
    .toBe(1);
  await expect(feed.getByText('Message 01', { exact: true })).toBeVisible();
  // The 45 messages and the note the ticket opened with.
  await expect(feed.getByText(/^Message \d{2}$/)).toHaveCount(45);
  await expect(notes).toHaveCount(46);
  await expect(feed.getByRole('button', { name: 'Load older notes' })).toHaveCount(0);
  await client.context().close();
});

test("the admin's List view pages through every open ticket with Show more, with the total", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const me = await apiSignIn(request, 'admin');
  // The journey changes the admin's saved list preferences; the ones found are put back at the end.
  const prefsPath = `/api/contact/${me.contact_id}/meta/list_prefs`;
  const savedPrefs: unknown = await (await request.get(prefsPath)).json();
  // An onboarding company (off the kanban) with 55 open tickets, so the list runs past one page.
  const stamp = Date.now();
  const company = await request.post('/api/company', { data: { name: `Backfile ${stamp}`, url: `https://backfile-${stamp}.example`, mode: 2 } });
  expect(company.status()).toBe(201);
  const { company_id: companyId } = (await company.json()) as { company_id: number };
  for (let i = 0; i < 55; i++) {
    const created = await request.post('/api/ticket', {
      data: { type_id: 1, title: `Backfile item ${stamp} ${i}`, description: 'Waiting its turn.', priority_id: 4, company_id: companyId, estimate_required: 0 },
    });
    expect(created.status()).toBe(201);
  }

  // Every status and every company: the whole staff list (the preferences arranged before the page opens).
  const everyStatus = [1, 2, 3, 4, 7, 8];
  const arranged = await request.put(prefsPath, { data: { sortBy: 'dateCreated', direction: 'DESC', statusFilters: everyStatus, maintenanceOnly: false } });
  expect(arranged.ok()).toBe(true);
  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/admins');
  await admin.getByRole('button', { name: 'List' }).click();
  await expect(admin.getByRole('checkbox', { name: 'Maintenance Only' })).not.toBeChecked();

  const everything = (await (await admin.request.get('/api/staff/tickets?view=list')).json()) as unknown[];
  const progress = admin.getByTestId('list-progress');
  await expect(progress).toHaveText(`Showing 50 of ${everything.length}`);
  const list = admin.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
  await expect(list).toHaveCount(50);
  // Newest first, as sorted by the server: the last ticket created heads the list.
  await expect(list.first()).toContainText(`Backfile item ${stamp} 54`);
  while (await admin.getByRole('button', { name: 'Show more' }).isVisible()) {
    const before = await list.count();
    await admin.getByRole('button', { name: 'Show more' }).click();
    await expect(list).not.toHaveCount(before);
  }
  await expect(list).toHaveCount(everything.length);
  await expect(progress).toHaveText(`Showing ${everything.length} of ${everything.length}`);
  await admin.context().close();
  expect((await request.put(prefsPath, { data: savedPrefs })).ok()).toBe(true);
});
