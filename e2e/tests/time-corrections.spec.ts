import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signedInPage } from '../support/ticket-pages';

// Correcting logged time (docs/product/time-and-billing.md#correcting-time): the agent corrects and
// deletes its own entries from the ticket and from its Time tab, and every open screen follows at
// once; once a month is invoiced, its time is corrected by a correction logged this month, which
// the invoices screen shows as a line of its own.

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const counter = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('counter-value');
const ticketEntry = (page: Page, text: string) => page.getByRole('list', { name: 'Time entries' }).getByRole('listitem').filter({ hasText: text });
const tabEntry = (page: Page, text: string) => page.getByRole('table', { name: 'Time entries' }).getByRole('row').filter({ hasText: text });

async function logTime(page: Page, hours: string, minutes: string, description: string) {
  await page.getByRole('button', { name: 'Log Time' }).click();
  const form = page.getByRole('form', { name: 'Log time' });
  await form.getByLabel('Hours').selectOption(hours);
  await form.getByLabel('Minutes').selectOption(minutes);
  await form.getByLabel('Work Description').fill(description);
  await form.getByRole('button', { name: 'Save Time' }).click();
  await expect(ticketEntry(page, description)).toBeVisible();
}

/** 'YYYY-MM-15' two months before now: a month no other journey invoices. */
function twoMonthsBack(): string {
  const date = new Date();
  date.setUTCDate(15);
  date.setUTCMonth(date.getUTCMonth() - 2);
  return date.toISOString().slice(0, 10);
}

test('an agent corrects and deletes its time; totals follow; an invoiced month takes a correction line instead', async ({ browser, axe }) => {
  const admin = await signedInPage(browser, 'admin');
  const agent = await signedInPage(browser, 'agent');
  const timeTab = await signedInPage(browser, 'agent');

  // A company of its own, so no other journey's time is in its totals.
  const stamp = Date.now();
  // The agent's Time tab lists every run's entries: each run's descriptions are its own, so the journey can repeat.
  const [fixed, reviewed, notes] = ['Fixed the checkout button', 'Reviewed the checkout fix', 'Wrote the release notes'].map((text) => `${text} ${stamp}`) as [string, string, string];
  const company = await admin.request.post('/api/company', { data: { name: `Corrections Co ${stamp}`, url: `https://corrections-${stamp}.example` } });
  expect(company.status()).toBe(201);
  const { company_id: companyId } = (await company.json()) as { company_id: number };
  const ticket = await admin.request.post('/api/ticket', {
    data: { type_id: 1, title: `Checkout fix ${stamp}`, description: 'Time corrections journey', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(ticket.status()).toBe(201);
  const { ticket_id: ticketId } = (await ticket.json()) as { ticket_id: number };
  const me = (await (await agent.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };

  await agent.goto(`/clients/${companyId}/tickets/${ticketId}`);
  await expect(agent.getByRole('heading', { name: `#${ticketId} Checkout fix ${stamp}` })).toBeVisible();
  await admin.goto(`/clients/${companyId}`);
  await expect(counter(admin, 'Current Total')).toHaveText(usd(0));
  await timeTab.goto(`/agents/${me.contact.contact_id}/time`);
  await expect(timeTab.getByRole('table', { name: 'Time entries' }).or(timeTab.getByText('No time entries.'))).toBeVisible();
  for (const page of [agent, admin, timeTab]) await expect(page.locator('[data-live]').first()).toHaveAttribute('data-live', 'on');

  await logTime(agent, '1', '0', fixed);
  await expect(agent.getByTestId('total-time')).toHaveText('01:00');
  await expect(counter(admin, 'Current Total')).toHaveText(usd(100));
  await expect(tabEntry(timeTab, fixed)).toContainText('01:00');

  // The agent corrects its entry on the ticket: everyone's screen follows without a reload.
  await ticketEntry(agent, fixed).getByRole('button', { name: /^Edit/ }).click();
  const edit = agent.getByRole('form', { name: 'Edit time entry' });
  await expect(edit.getByLabel('Hours')).toHaveValue('1');
  await edit.getByLabel('Hours').selectOption('0');
  await edit.getByLabel('Minutes').selectOption('30');
  await edit.getByLabel('Work Description').fill(reviewed);
  await axe('the ticket page editing a time entry', agent);
  await edit.getByRole('button', { name: 'Save Time' }).click();
  await expect(edit).toHaveCount(0);
  await expect(agent.getByTestId('total-time')).toHaveText('00:30');
  await expect(ticketEntry(agent, reviewed)).toContainText('00:30');
  await expect(counter(admin, 'Current Total')).toHaveText(usd(50));
  await expect(tabEntry(timeTab, reviewed)).toContainText('00:30');

  // A second entry, deleted from the Time tab after the confirmation.
  await logTime(agent, '0', '18', notes);
  await expect(agent.getByTestId('total-time')).toHaveText('00:48');
  await expect(counter(admin, 'Current Total')).toHaveText(usd(80));
  await tabEntry(timeTab, notes).getByRole('button', { name: /^Delete/ }).click();
  const confirm = timeTab.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this time entry?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tabEntry(timeTab, notes)).toHaveCount(0);
  await expect(agent.getByTestId('total-time')).toHaveText('00:30');
  await expect(ticketEntry(agent, notes)).toHaveCount(0);
  await expect(counter(admin, 'Current Total')).toHaveText(usd(50));

  // The work was done two months ago: the agent dates it there, then that month is invoiced.
  const day = twoMonthsBack();
  await ticketEntry(agent, reviewed).getByRole('button', { name: /^Edit/ }).click();
  await edit.getByLabel('Date').fill(day);
  await edit.getByRole('button', { name: 'Save Time' }).click();
  await expect(edit).toHaveCount(0);
  await expect(counter(admin, 'Current Total')).toHaveText(usd(0));
  const timeZone = await agent.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const issued = await admin.request.post(`/api/company/${companyId}/invoices`, { data: { offset: 2, time_zone: timeZone } });
  expect(issued.status()).toBe(201);
  const { number } = (await issued.json()) as { number: string };

  await agent.reload();
  const frozen = ticketEntry(agent, reviewed);
  await expect(frozen).toContainText(`Invoiced ${number}`);
  await expect(frozen.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(frozen.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const timeId = ((await (await agent.request.get(`/api/ticket/${ticketId}/time`)).json()) as { entries: { time_id: number }[] }).entries[0]!.time_id;
  const refused = await agent.request.put(`/api/time/${timeId}`, { data: { time: 1 } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toContain('Log a correction this month');

  await frozen.getByRole('button', { name: /^Log correction/ }).click();
  const correction = agent.getByRole('form', { name: 'Log correction' });
  await expect(correction).toContainText(`is on invoice ${number}`);
  await correction.getByLabel('Correction').selectOption({ label: 'Take time off' });
  await correction.getByLabel('Minutes').selectOption('12');
  await correction.getByLabel('Work Description').fill('Review counted twice');
  await correction.getByRole('button', { name: 'Save Correction' }).click();
  await expect(correction).toHaveCount(0);
  const line = ticketEntry(agent, 'Review counted twice');
  await expect(line).toContainText('Correction');
  await expect(line).toContainText('-00:12');
  await expect(agent.getByTestId('total-time')).toHaveText('00:18');
  await expect(counter(admin, 'Current Total')).toHaveText(usd(-20));

  // This month's invoice carries the correction as a line of its own.
  await admin.goto(`/admins/invoices?company=${companyId}`);
  const items = admin.getByRole('table', { name: 'Items' });
  const correctionLine = items.getByRole('row').filter({ hasText: 'Review counted twice' });
  await expect(correctionLine).toContainText('Correction');
  await expect(correctionLine).toContainText('of the entry of');
  await expect(correctionLine).toContainText('-$20.00');
  await axe('the invoices screen with a correction line', admin);

  for (const page of [admin, agent, timeTab]) await page.context().close();
});
