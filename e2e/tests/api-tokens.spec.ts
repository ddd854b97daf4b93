import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { portalUrl } from '../support/portal-env';
import { signedInPage } from '../support/ticket-pages';

// API tokens (docs/product/integrations.md#api-tokens): a user makes a token on the Security page, a script uses it
// without any cookie or Origin, and once revoked it is refused.

test('a user creates an API token, a script reads with it without cookies, and after revoking it the script gets 401', async ({ browser, axe }) => {
  const name = `Nightly report ${Date.now()}`;
  const page = await signedInPage(browser, 'client');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByRole('button', { name: 'Create token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Expires').selectOption({ label: '30 days' });
  await dialog.getByLabel('Access').selectOption({ label: 'Read only' });
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new token' });
  await expect(shown.getByText('This token is shown once. Copy it now.')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  const token = (await shown.getByLabel('New token').inputValue()).trim();
  expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
  await axe('security page, a new API token', page);
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = section.getByRole('row', { name });
  await expect(row).toContainText('Read only');

  // A script: its own request context, no cookie, no Origin.
  const script = await playwrightRequest.newContext({ baseURL: portalUrl });
  try {
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const me = await script.get('/api/auth/me', auth);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { dashboard: string }).dashboard).toBe('/clients');
    expect((await script.get('/api/auth/me')).status()).toBe(401);
    // Read only: a write is refused.
    expect((await script.post('/api/notifications', { ...auth, data: { contact_id: 1, note: 'x' } })).status()).toBe(403);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke token' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toHaveCount(0);

    const after = await script.get('/api/auth/me', auth);
    expect(after.status()).toBe(401);
    expect(((await after.json()) as { error: string }).error).toBe('This API token is not valid: it is unknown, expired or revoked.');
  } finally {
    await script.dispose();
  }
});
