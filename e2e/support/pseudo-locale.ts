import { expect, type Page } from '@playwright/test';

// The pseudo-locale tour's tools (docs/product/languages.md#the-pseudo-locale): every message of a catalogue reads
// ⟦Áççéñţéð~~⟧ in en-XA, so a visible text with English words outside ⟦ ⟧ that the API did not send (a ticket's
// title, a company's name, a status from the admin's lists) was written in code, not taken from a catalogue.

const SESSION_KEY = 'portal-session';
// The page's data block (FIRST_READS_BLOCK_ID of @portal/contract's remotes.ts).
const FIRST_READS_BLOCK_ID = 'portal-first-reads';

/**
 * This page's browser reads the portal in the pseudo-locale from its next load on (signed in or out): the stored
 * session's language is set as each page starts, before the portal reads it, so a write of the session the last page
 * made after the switch (a sign-in's answer arriving) cannot undo it.
 */
export async function usePseudoLocale(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { state?: Record<string, unknown>; version?: number } | null;
    const state = saved?.state ?? { isLoggedIn: false, contact: null, dashboard: '/', timeZone: 'UTC', filters: {}, enrolRequired: false, currency: 'USD' };
    localStorage.setItem(key, JSON.stringify({ state: { ...state, language: 'en-XA' }, version: saved?.version ?? 0 }));
  }, SESSION_KEY);
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collectStrings(item, into));
}

/** Every string in the JSON the page's API calls answer: the data a screen may show as it is. */
export function collectApiStrings(page: Page): Set<string> {
  const strings = new Set<string>();
  const walk = (value: unknown) => collectStrings(value, strings);
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    response.json().then(walk, () => undefined);
  });
  return strings;
}

// Names Intl writes (months, weekdays): formatted data, not catalogue text.
const INTL_WORDS = new Set(
  [...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 15))), ...Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 10, 16 + day)))]
    .flatMap((date) => ['long', 'short'].flatMap((style) => [
      date.toLocaleString('en-US', { month: style as 'long', timeZone: 'UTC' }), date.toLocaleString('en-US', { weekday: style as 'long', timeZone: 'UTC' }),
    ])).concat(['AM', 'PM', 'USD', 'EUR', 'GBP']),
);

// Names, not words: the portal's own (shell/src/config.ts PORTAL_NAME), which no language translates.
const NAMES = new Set(['Support Portal']);

/** The visible texts of the page that read as English outside any message and are not the API's data. */
export async function untranslatedTexts(page: Page, apiStrings: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, noscript, [hidden], [aria-hidden="true"], .cm-content')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      found.push(text);
    }
    for (const field of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = field.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const isData = (text: string) => apiStrings.has(text) || [...apiStrings].some((value) => value.length > 3 && (value.includes(text) || text.includes(value)));
  return [...new Set(texts)].filter((text) => {
    if (text.includes('⟦') || text.includes('⟧') || NAMES.has(text)) return false;
    // A token a person types into a message or a saved reply ({{client.first_name}}): syntax, not words.
    if (/^\{\{[\w.]+\}\}$/.test(text)) return false;
    const words = text.match(/[A-Za-z]{3,}/g) ?? [];
    if (words.length === 0 || words.every((word) => INTL_WORDS.has(word))) return false;
    return !isData(text);
  });
}

/** The screen shows no English outside the catalogues, and nothing runs off its side at the viewport's width. */
export async function expectTranslatedAndFitting(page: Page, what: string, apiStrings: Set<string>): Promise<void> {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // A first screen's data may come with the page rather than from a call (shell/src/app/first-reads.ts).
  const firstReads = await page.evaluate((id) => document.getElementById(id)?.textContent ?? null, FIRST_READS_BLOCK_ID);
  if (firstReads) collectStrings(JSON.parse(firstReads), apiStrings);
  expect(await untranslatedTexts(page, apiStrings), `${what}: text outside the catalogues`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what}: wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
}
