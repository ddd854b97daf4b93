// Measures what the login page costs a first-time visitor: the JavaScript transferred (as sent on
// the wire, compressed) and the time until the 'Please Log In' heading shows, in Debian's Chromium.
// Usage: a portal running (npm start), then `npx tsx scripts/measure-login-page.ts [url]`.
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}/login`;
const runs = Number(process.env.RUNS ?? 5);

interface Sample { jsFiles: number; jsTransferred: number; jsDecoded: number; headingMs: number; encodings: string[] }

async function measureOnce(): Promise<Sample> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const jsRequests = new Set<string>();
    let jsTransferred = 0;
    let jsDecoded = 0;
    const encodings = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      jsRequests.add(event.requestId);
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.add(String(headers['content-encoding'] ?? 'identity'));
    });
    cdp.on('Network.dataReceived', (event) => {
      if (jsRequests.has(event.requestId)) jsDecoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (jsRequests.has(event.requestId)) jsTransferred += event.encodedDataLength;
    });
    const started = Date.now();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Please Log In' }).waitFor();
    const headingMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    return { jsFiles: jsRequests.size, jsTransferred, jsDecoded, headingMs, encodings: [...encodings] };
  } finally {
    await browser.close();
  }
}

const samples: Sample[] = [];
for (let i = 0; i < runs; i += 1) samples.push(await measureOnce());
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const last = samples[samples.length - 1]!;
console.log(`login page ${url}, ${runs} cold loads`);
console.log(`JavaScript: ${last.jsFiles} files, ${kb(last.jsTransferred)} transferred (${last.encodings.join(', ')}), ${kb(last.jsDecoded)} decoded`);
console.log(`'Please Log In' visible after: median ${median(samples.map((s) => s.headingMs))} ms`);
