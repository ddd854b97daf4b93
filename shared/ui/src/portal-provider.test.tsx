import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen } from '@testing-library/react';
import { PortalProvider } from './portal-provider';

/** Renders `tree` with an emotion cache that records the styles it is asked to insert. */
function renderRecordingCss(tree: React.ReactNode): string[] {
  const cache = createCache({ key: 'test' });
  const rules: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    rules.push(serialized.styles);
    return insert(selector, serialized, sheet, shouldCache);
  };
  render(<CacheProvider value={cache}>{tree}</CacheProvider>);
  return rules;
}

describe('PortalProvider', () => {
  it("inserts the system's global CSS (layer order, reset, token variables) at run time by default", () => {
    const rules = renderRecordingCss(<PortalProvider><p>Portal</p></PortalProvider>).join('\n');
    expect(screen.getByText('Portal')).toBeInTheDocument();
    expect(rules).toContain('@layer reset, base, tokens, recipes');
    expect(rules).toContain('--chakra-colors-bg:');
  });

  it('leaves the global CSS out when the page links it as a stylesheet', () => {
    const rules = renderRecordingCss(<PortalProvider globalCssLinked><p>Portal</p></PortalProvider>).join('\n');
    expect(screen.getByText('Portal')).toBeInTheDocument();
    expect(rules).not.toContain('@layer reset, base, tokens, recipes');
    expect(rules).not.toContain('--chakra-colors-bg:');
  });
});
