import { portalSystem } from './system';

describe('portalSystem', () => {
  it('ships the preflight, so screens get the portal font and styled buttons instead of browser defaults', () => {
    const preflight = JSON.stringify(portalSystem.getPreflightCss());
    expect(preflight).toContain('--global-font-body');
  });

  it('uses a sans-serif body font', () => {
    expect(portalSystem.token('fonts.body')).toMatch(/sans-serif/);
  });
});
