import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 level A and AA: the rules the portal is held to. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/**
 * WCAG 2.5.3 "Label in Name" (level A): axe ships its rule as experimental, off unless asked for.
 * Names that do not contain the visible text have been found in testing, so the journeys ask for it.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits (at most 2 s) for the page's finite CSS animations and transitions to end: axe measures
 * colours as drawn, and a dialog fading in or out is drawn half transparent. Spinners loop forever.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** Runs axe on the page as it is now and answers its serious and critical WCAG 2.1 A/AA violations. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(A11Y_TAGS).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => {
        const why = [...node.any, ...node.all, ...node.none].map((check) => check.message).filter(Boolean)[0];
        return `${node.target.map(String).join(' ')}  ${node.html.slice(0, 140)}${why ? `\n      ${why}` : ''}`;
      }),
    }));
}

export function describeViolations(violations: readonly A11yViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

/**
 * Fails the test when the screen has any serious or critical WCAG 2.1 A/AA violation, listing each
 * rule, its impact, the elements' selectors and axe's help text. `what` names the screen in the message.
 * Call it once the screen has settled (its heading or content visible, no dialog mid-animation).
 * The check is soft: a journey touring several screens goes on and reports every screen's violations.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  await settled(page);
  const violations = await seriousA11yViolations(page);
  expect.soft(violations.length, `accessibility violations on ${what}:\n${describeViolations(violations)}`).toBe(0);
}
