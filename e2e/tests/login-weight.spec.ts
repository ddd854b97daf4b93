import { test, expect } from '../support/fixtures';
import { kb, recordScripts } from '../support/page-weight';

// DESIGN §10: the login route loads only what it shows, at most 250 KB of JavaScript as sent
// (brotli or gzip). Bytes only: its time to heading is measured by `npm run measure:login`.
const LOGIN_JS_BUDGET = 250 * 1024;

test('a cold visit to /login transfers at most 250 KB of compressed JavaScript', async ({ page }) => {
  const recorder = await recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const weight = recorder.weight();
  const listing = weight.scripts.map((script) => `${kb(script.compressed)} ${new URL(script.url).pathname}`).join('\n');
  expect(weight.encodings.every((encoding) => encoding === 'br' || encoding === 'gzip'), `encodings: ${weight.encodings.join(', ')}`).toBe(true);
  expect(weight.compressed, `${weight.files} scripts, ${kb(weight.compressed)}:\n${listing}`).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
});
