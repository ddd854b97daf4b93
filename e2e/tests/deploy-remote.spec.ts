import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { e2eDeployDir, portalEnv } from '../support/portal-env';

test('deploying one remote is served on the next page load, with no shell rebuild or restart', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/login');
  const remote = page.locator('[data-remote="auth"]');
  await expect(remote).toBeVisible();
  const before = await remote.getAttribute('data-remote-version');
  const shellScripts = await page.locator('script[src]').evaluateAll((s) => s.map((x) => x.getAttribute('src')));

  execFileSync('npm', ['run', 'deploy-remote', '--', 'auth'], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, ...portalEnv },
    stdio: 'inherit',
  });
  const map = JSON.parse(readFileSync(join(e2eDeployDir, 'remotes.json'), 'utf8')) as Record<string, { version: string }>;
  const deployed = map.auth?.version;
  expect(deployed).toBeTruthy();
  expect(deployed).not.toBe(before);

  await page.reload();
  await expect(page.locator('[data-remote="auth"]')).toHaveAttribute('data-remote-version', deployed!);
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  // Same shell bundle as before: the shell was not rebuilt.
  expect(await page.locator('script[src]').evaluateAll((s) => s.map((x) => x.getAttribute('src')))).toEqual(shellScripts);
});
