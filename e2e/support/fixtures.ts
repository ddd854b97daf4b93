import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

export { expect };

const BINDING = '__portalCspViolation';
const MENTIONS_CSP = /Content Security Policy/i;

// Runs in every page before its own scripts: each violation the browser reports is sent back.
const LISTENER = `window.addEventListener('securitypolicyviolation', (event) => {
  const report = window[${JSON.stringify(BINDING)}];
  if (typeof report === 'function') {
    void report(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.sourceFile + ':' + event.lineNumber);
  }
}, true);`;

/**
 * Records every Content Security Policy violation of the pages of one test: the browser's console
 * reports and `securitypolicyviolation` events, in the test's own context and in any context or
 * page the test opens from `browser`.
 */
class CspWatch {
  readonly violations: string[] = [];
  private readonly watched = new WeakSet<BrowserContext>();
  readonly onContext = (context: BrowserContext): void => {
    void this.watch(context);
  };

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    await context.exposeBinding(BINDING, ({ page }, detail: string) => {
      this.violations.push(`${page?.url() ?? 'a page'}: ${detail}`);
    });
    await context.addInitScript(LISTENER);
  }

  private watchPage(page: Page): void {
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' && MENTIONS_CSP.test(message.text())) this.violations.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      if (MENTIONS_CSP.test(error.message)) this.violations.push(`${page.url()}: ${error.message}`);
    });
  }
}

async function watchBrowser(browser: Browser, context: BrowserContext, run: (watch: CspWatch) => Promise<void>): Promise<void> {
  const watch = new CspWatch();
  browser.on('context', watch.onContext);
  try {
    await watch.watch(context);
    await run(watch);
  } finally {
    browser.off('context', watch.onContext);
  }
}

/** Checks a screen with axe (support/a11y.ts); `page` defaults to the test's own page. */
export interface AxeCheck {
  (what: string, page?: Page): Promise<void>;
}

/**
 * Playwright's `test` with the checks every journey gets: a test fails when any of its pages reported
 * a Content Security Policy violation (docs/architecture.md#security), even when everything it asserted passed, and when
 * the screen its page ends on has a serious or critical accessibility violation.
 * Journeys call `axe('the screen')` at the screens they reach on the way.
 */
export const test = base.extend<{ cspViolations: readonly string[]; axe: AxeCheck; axeOnLastScreen: void }>({
  axe: async ({ page }, use) => {
    await use((what, target = page) => expectNoSeriousA11yViolations(target, what));
  },
  axeOnLastScreen: [
    async ({ page, baseURL }, use, testInfo) => {
      await use();
      // Only a journey that passed so far, on a portal page still open (not a blank or closed page).
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !baseURL || !page.url().startsWith(baseURL)) return;
      await expectNoSeriousA11yViolations(page, `the last screen of "${testInfo.title}" (${new URL(page.url()).pathname})`);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ browser, context }, use) => {
      await watchBrowser(browser, context, async (watch) => {
        await use(watch.violations);
        expect(watch.violations, 'Content Security Policy violations').toEqual([]);
      });
    },
    { auto: true },
  ],
});
