import type { Page } from 'playwright-core';

/** The JavaScript one page load fetched, as the browser saw it on the wire. */
export interface ScriptWeight {
  /** Script responses (any origin: the shell's and the remotes'). */
  files: number;
  /** Bytes received for them, headers included (DevTools' "transferred"). */
  transferred: number;
  /** Their bodies as sent, compressed (br or gzip): the JavaScript the budget counts. */
  compressed: number;
  /** Their size after decompression. */
  decoded: number;
  /** The Content-Encoding values seen (`br`, `gzip`, `identity`). */
  encodings: string[];
  /** Each script's URL and transferred bytes, in the order they arrived. */
  scripts: { url: string; compressed: number }[];
}

export interface ScriptRecorder {
  /** What was recorded so far; call it once the page is idle. */
  weight(): ScriptWeight;
}

/**
 * Starts recording the scripts a page loads, with the browser cache disabled through the Chrome
 * DevTools Protocol, so the next navigation is cold. Shared by the budget journeys (weight-budget.ts)
 * and the measuring scripts (bench/measure-*.ts), so both count the same bytes.
 */
export async function recordScripts(page: Page): Promise<ScriptRecorder> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; headers: number; transferred: number; decoded: number }>();
  const encodings = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    // At this point the bytes received are the response's headers.
    scripts.set(event.requestId, { url: event.response.url, headers: event.response.encodedDataLength, transferred: 0, decoded: 0 });
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    encodings.add(String(encoding ?? 'identity'));
  });
  cdp.on('Network.dataReceived', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.transferred = event.encodedDataLength;
  });
  return {
    weight() {
      const all = [...scripts.values()];
      return {
        files: all.length,
        transferred: all.reduce((sum, s) => sum + s.transferred, 0),
        compressed: all.reduce((sum, s) => sum + bodyOf(s), 0),
        decoded: all.reduce((sum, s) => sum + s.decoded, 0),
        encodings: [...encodings],
        scripts: all.map((s) => ({ url: s.url, compressed: bodyOf(s) })),
      };
    },
  };
}

function bodyOf(script: { headers: number; transferred: number }): number {
  return Math.max(0, script.transferred - script.headers);
}

/** Kilobytes (1,024 bytes), rounded, for reports. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
