import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { portalSystem } from '@portal/ui';
import { GLOBAL_CSS_HEADER, renderGlobalCss } from './global-css';

const STYLESHEET = path.join(__dirname, 'portal-global.css');

describe('portal-global.css', () => {
  it("is the global CSS the portal's Chakra system inserts at run time (UPDATE_GLOBAL_CSS=1 rewrites it)", () => {
    const css = renderGlobalCss(portalSystem);
    if (process.env.UPDATE_GLOBAL_CSS) writeFileSync(STYLESHEET, css);
    expect(readFileSync(STYLESHEET, 'utf8')).toBe(css);
  });

  it('holds the layer order, the reset and the token variables of both themes', () => {
    const css = renderGlobalCss(portalSystem);
    expect(css.startsWith(`${GLOBAL_CSS_HEADER}\n@layer reset,base,tokens,recipes;`)).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toMatch(/--chakra-colors-blue-solid:/);
    expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg:/);
  });
});
