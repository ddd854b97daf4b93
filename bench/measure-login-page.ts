// Measures what the login page costs a first-time visitor: the JavaScript it loads (compressed as
// sent, and with headers) and the time until the 'Please Log In' heading shows, in Debian's Chromium,
// cold (cache disabled). Usage: a portal running (npm start), then `npm run measure:login [-- url]`.
import { chromium } from 'playwright-core';
import { kb, recordScripts, type ScriptWeight } from '../e2e/support/page-weight.js';
import { CHROMIUM_ARGS } from '../server/lib/headless-chromium.js';
import { headingPaintedMs, median } from './lib/measure-browser.js';

const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}/login`;
const runs = Number(process.env.RUNS ?? 5);

async function measureOnce(): Promise<{ weight: ScriptWeight; headingMs: number; visibleMs: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const recorder = await recordScripts(page);
    const started = Date.now();
    const response = await page.goto(url);
    await page.getByRole('heading', { name: 'Please Log In' }).waitFor();
    const visibleMs = Date.now() - started;
    const headingMs = await headingPaintedMs(page, (await response?.text()) ?? '', 'Please Log In', visibleMs);
    await page.waitForLoadState('networkidle');
    return { weight: recorder.weight(), headingMs, visibleMs };
  } finally {
    await browser.close();
  }
}

const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await measureOnce());
const { weight } = samples[samples.length - 1]!;
console.log(`login page ${url}, ${runs} cold loads`);
console.log(
  `JavaScript: ${weight.files} files, ${kb(weight.compressed)} compressed (${weight.encodings.join(', ')}), ` +
    `${kb(weight.transferred)} with headers, ${kb(weight.decoded)} decoded`,
);
if (process.env.VERBOSE) for (const script of weight.scripts) console.log(`  ${kb(script.compressed).padStart(7)}  ${script.url}`);
console.log(`'Please Log In' painted after: median ${median(samples.map((s) => s.headingMs))} ms (${samples.map((s) => s.headingMs).join(', ')})`);
// Playwright's check runs on the page's main thread: free once the app's JavaScript has run.
console.log(`seen by Playwright (main thread free) after: median ${median(samples.map((s) => s.visibleMs))} ms (${samples.map((s) => s.visibleMs).join(', ')})`);
