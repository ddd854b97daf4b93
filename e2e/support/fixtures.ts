import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

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

/**
 * Playwright's `test` with a check every journey gets: a test fails when any of its pages reported
 * a Content Security Policy violation (DESIGN §10), even when everything it asserted passed.
 */
export const test = base.extend<{ cspViolations: readonly string[] }>({
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
