import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/** The first line of the generated stylesheet. */
export const GLOBAL_CSS_HEADER =
  "/* Generated from @portal/ui's portalSystem by shell/src/app/global-css.test.ts; do not edit: run UPDATE_GLOBAL_CSS=1 npm test -w shell -- global-css */";

/**
 * The global CSS a Chakra system inserts at run time (its layer order, reset, global styles and
 * token variables), as emotion writes it: the same serializer and stylis plugins, each rule
 * collected instead of inserted.
 */
export function renderGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  const rules: string[] = [];
  const sheet = { insert: (rule: string) => void rules.push(rule) } as unknown as typeof cache.sheet;
  for (const styles of [system.layers.atRule, ...system._global]) {
    cache.insert('', serializeStyles([styles as Parameters<typeof serializeStyles>[0][number]], cache.registered), sheet, false);
  }
  return `${[GLOBAL_CSS_HEADER, ...rules].join('\n')}\n`;
}
