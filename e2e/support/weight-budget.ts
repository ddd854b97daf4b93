import { expect } from '@playwright/test';
import { kb, type ScriptWeight } from './page-weight';

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
