import { portalSystem } from './system';

describe('portalSystem', () => {
  it('ships the preflight, so screens get the portal font and styled buttons instead of browser defaults', () => {
    const preflight = JSON.stringify(portalSystem.getPreflightCss());
    expect(preflight).toContain('--global-font-body');
  });

  it('uses a sans-serif body font', () => {
    expect(portalSystem.token('fonts.body')).toMatch(/sans-serif/);
  });

  it('styles every Chakra part the screens use, so no control renders bare (the radio group had no dot)', () => {
    for (const recipe of ['button', 'checkmark', 'radiomark', 'input', 'link']) expect(portalSystem.getRecipe(recipe)).toBeDefined();
    for (const slot of ['checkbox', 'radioGroup', 'fieldset', 'nativeSelect', 'table', 'dialog']) expect(portalSystem.getSlotRecipe(slot)).toBeDefined();
  });
});
