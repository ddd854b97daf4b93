import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { kb, recordScripts, type ScriptWeight } from './page-weight';

// The JavaScript budgets of docs/architecture.md#weight, as the journeys hold a cold page load to them.

/**
 * A portal that has just built its apps sends them compressed on the fly (a faster, larger brotli) until
 * their .br/.gz files are written (server/start.ts): a budget journey weighs again until then.
 */
export const PRECOMPRESSED_WITHIN_MS = 120_000;

/** The page's scripts came compressed (br or gzip), at most `budget` bytes as sent; a failure lists them all. */
export function expectScriptsWithin(weight: ScriptWeight, budget: number): void {
  const listing = weight.scripts.map((script) => `${kb(script.compressed)} ${new URL(script.url).pathname}`).join('\n');
  expect(weight.encodings.every((encoding) => encoding === 'br' || encoding === 'gzip'), `encodings: ${weight.encodings.join(', ')}`).toBe(true);
  expect(weight.compressed, `${weight.files} scripts, ${kb(weight.compressed)}:\n${listing}`).toBeLessThanOrEqual(budget);
}

/**
 * A cold visit to `path` in a context of its own (an empty HTTP cache, the session of `storageState`), once `shown`
 * has seen the page's own content and the network is idle, loads at most `budget` bytes of compressed JavaScript;
 * weighed again until the portal's precompressed files are in.
 */
export async function expectColdVisitWithin(
  browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>, path: string, shown: (page: Page) => Promise<void>, budget: number,
): Promise<void> {
  await expect(async () => {
    const context = await browser.newContext({ storageState });
    try {
      const page = await context.newPage();
      const recorder = await recordScripts(page);
      await page.goto(path);
      await shown(page);
      await page.waitForLoadState('networkidle');
      expectScriptsWithin(recorder.weight(), budget);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: PRECOMPRESSED_WITHIN_MS, intervals: [5_000] });
}
