import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signedInPage } from '../support/ticket-pages';

// Timers (docs/product/time-and-billing.md#timers): the agent starts a timer on a ticket; it lives on the server, so
// after a reload the header still shows it, and another tab (another device) shows it too without a reload. Stopping
// it from the header asks what was done and logs the time rounded up to 6-minute units on the ticket.

const headerTimer = (page: Page) => page.getByRole('group', { name: 'Timer' });
const ticketEntry = (page: Page, text: string) => page.getByRole('list', { name: 'Time entries' }).getByRole('listitem').filter({ hasText: text });

test('an agent’s timer survives a reload, shows on every page and logs rounded time when stopped', async ({ browser, axe }) => {
  const admin = await signedInPage(browser, 'admin');
  const agent = await signedInPage(browser, 'agent');
  const elsewhere = await signedInPage(browser, 'agent');
  // A timer left by an earlier run that failed half-way goes first.
  await agent.request.delete('/api/timer');

  const stamp = Date.now();
  const title = `Timed work ${stamp}`;
  const description = `Fixed the cache headers ${stamp}`;
  const company = await admin.request.post('/api/company', { data: { name: `Timer Co ${stamp}`, url: `https://timer-${stamp}.example` } });
  expect(company.status()).toBe(201);
  const { company_id: companyId } = (await company.json()) as { company_id: number };
  const ticket = await admin.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Timer journey', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(ticket.status()).toBe(201);
  const { ticket_id: ticketId } = (await ticket.json()) as { ticket_id: number };
  const path = `/clients/${companyId}/tickets/${ticketId}`;

  await agent.goto(path);
  await expect(agent.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();
  await expect(agent.getByTestId('total-time')).toHaveText('00:00');
  await expect(elsewhere.locator('[data-live]').first()).toHaveAttribute('data-live', 'on');
  await expect(headerTimer(agent)).toHaveCount(0);

  await agent.getByRole('button', { name: 'Start timer' }).click();
  await expect(headerTimer(agent).getByRole('link', { name: title })).toHaveAttribute('href', path);
  await expect(agent.getByRole('button', { name: 'Stop timer' })).toBeVisible();
  // The other tab's header follows at once (the live stream), without a reload.
  await expect(headerTimer(elsewhere).getByRole('link', { name: title })).toBeVisible();

  // A reload finds the timer on the server, still counting from when it started.
  await agent.reload();
  await expect(agent.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();
  await expect(headerTimer(agent).getByRole('link', { name: title })).toBeVisible();
  await expect(headerTimer(agent).getByRole('timer')).toHaveText(/^0:0\d:\d\d$/);

  // On another page too; Stop asks what was done and shows the rounded time.
  await agent.goto('/agents');
  await headerTimer(agent).getByRole('button', { name: 'Stop' }).click();
  const dialog = agent.getByRole('dialog', { name: `Stop the timer on ${title}` });
  await expect(dialog.getByText('Logs 00:06 (1 unit of 6 minutes).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'What did you work on?' }).fill(description);
  await axe('the stop-timer dialog', agent);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(headerTimer(agent)).toHaveCount(0);
  await expect(headerTimer(elsewhere)).toHaveCount(0);

  await agent.goto(path);
  await expect(ticketEntry(agent, description)).toContainText('00:06');
  await expect(agent.getByTestId('total-time')).toHaveText('00:06');
  await expect(agent.getByRole('button', { name: 'Start timer' })).toBeVisible();
});
