import type { Page } from 'playwright-core';

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The text of each heading element in a page's HTML (a signed-in first screen's is filled in by the server). */
export function headingsOf(html: string): string[] {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((match) =>
    match[1]!.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_whole, name: string) => entities[name]!).trim());
}

/**
 * When the heading was painted, in ms from the navigation's start. A heading the served HTML already
 * carries (a page rendered at build time) is in the page's first contentful paint, which the browser
 * records; Playwright's own visibility check runs on the page's main thread and would only see it
 * once the app's JavaScript has been evaluated. Any other heading appears with the app's render:
 * `visibleMs`, Playwright's time.
 */
export async function headingPaintedMs(page: Page, html: string, heading: string | RegExp, visibleMs: number): Promise<number> {
  const inHtml = headingsOf(html).some((text) => (typeof heading === 'string' ? text === heading : heading.test(text)));
  if (!inHtml) return visibleMs;
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  return paint === null ? visibleMs : Math.round(paint);
}
