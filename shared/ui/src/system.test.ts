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

/** The light theme's value of a colour token, following `{colors.x}` references. */
function lightHex(name: string): string {
  const token = portalSystem.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const value = String(conditions?._light ?? token.value);
  const reference = /^\{(.+)\}$/.exec(value);
  return reference ? lightHex(reference[1]!) : value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `hex` at 90 % over white: the solid buttons' hover and expanded shade (colorPalette.solid/90). */
function at90OnWhite(hex: string): string {
  return `#${[1, 3, 5].map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * 0.9 + 25.5).toString(16).padStart(2, '0')).join('')}`;
}

describe('colour contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each(['blue', 'red', 'green', 'orange', 'teal', 'cyan', 'purple'])('white text on the solid %s, and on its hover shade', (palette) => {
    const solid = lightHex(`colors.${palette}.solid`);
    expect(contrast(solid, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(at90OnWhite(solid), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['fg.error', 'fg.warning', 'fg.success', 'fg.info', 'fg.muted'])('%s text on white and on the subtle grey', (name) => {
    const text = lightHex(`colors.${name}`);
    expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, lightHex('colors.bg.muted'))).toBeGreaterThanOrEqual(4.5);
  });
});
