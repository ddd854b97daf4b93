import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

test('only admins open /admins: an agent is sent away', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await page.goto('/admins');
  await expect(page).toHaveURL(/\/agents$/);
});

test('a client is kept out of agent pages', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await page.goto('/agents/2/tickets');
  await expect(page).toHaveURL(/\/clients(\/\d+)?$/);
});

test("a client opening another company's pages is sent to its own company", async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { contact: { companies: { company_id: number }[] } };
  const own = me.contact.companies.map((c) => c.company_id);
  const companies = (await (await page.request.get('/api/company')).json()) as { company_id: number }[];
  expect(companies.every((c) => own.includes(c.company_id))).toBeTruthy();

  const foreign = Math.max(...own) + 1000;
  await page.goto(`/clients/${foreign}`);
  await expect(page).toHaveURL(new RegExp(`/clients/${own[0]}$`));
});

test('an unknown page shows the not-found page inside the shell', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
