import { HOUR_BANK_MESSAGES, formatBankHours } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { companyIdOf } from '../support/demo-data';
import { acmeTicket, signedInPage } from '../support/ticket-pages';

// Hour banks (docs/product/hour-banks.md): Acme's primary contact has the dashboard open with its Plan hours card; an
// agent logs time on an Acme ticket; the card moves without a reload (the live stream) and the 80 % notice arrives in
// the client's bell.

interface Balance {
  usedUnits: number;
  availableUnits: number;
}

test("the client's plan hours move live when time is logged, and the 80 % notice arrives in the bell", async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin');
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const acme = await companyIdOf(admin.request, 'Acme, LLC');
  const bankPath = `/api/company/${acme}/hour-bank`;
  try {
    // The month's time so far (other journeys logged some) decides the bank: 80 % is 8 units away, within it.
    const first = await admin.request.put(bankPath, { data: { enabled: true, included_hours: 0, rollover_cap_hours: 0 } });
    expect(first.status()).toBe(200);
    const { usedUnits } = ((await first.json()) as { balance: Balance }).balance;
    const available = Math.ceil(usedUnits / 0.8) + 10;
    const toEighty = Math.ceil(0.8 * available) - usedUnits;
    expect((await admin.request.put(bankPath, { data: { enabled: true, included_hours: available / 10, rollover_cap_hours: 0 } })).status()).toBe(200);

    const title = `Plan hours work ${Date.now()}`;
    const ticketPath = await acmeTicket(client, title);
    const ticketId = Number(/\/tickets\/(\d+)/.exec(ticketPath)?.[1]);
    await client.goto(`/clients/${acme}`);
    const card = client.getByRole('region', { name: 'Plan hours' });
    const before = HOUR_BANK_MESSAGES.used({ used: formatBankHours(usedUnits), included: formatBankHours(available) });
    await expect(card.getByTestId('plan-hours-used')).toHaveText(before);
    await expect(client.locator('[data-live]').first()).toHaveAttribute('data-live', 'on');

    const logged = await agent.request.post('/api/time', { data: { ticket_id: ticketId, time: toEighty, description: 'Plugin updates' } });
    expect(logged.status()).toBe(201);

    const after = HOUR_BANK_MESSAGES.used({ used: formatBankHours(usedUnits + toEighty), included: formatBankHours(available) });
    await expect(card.getByTestId('plan-hours-used')).toHaveText(after, { timeout: 5000 });
    await expect(card.getByRole('link', { name: title })).toBeVisible();

    const notice = 'Acme, LLC has used 80 % of this month\'s plan hours';
    await client.getByRole('button', { name: /^Notifications/ }).click();
    await expect(client.getByRole('listitem').filter({ hasText: notice })).toBeVisible({ timeout: 5000 });
  } finally {
    await admin.request.put(bankPath, { data: { enabled: false, included_hours: null, rollover_cap_hours: 0 } });
    await Promise.all([admin, client, agent].map((page) => page.context().close()));
  }
});
