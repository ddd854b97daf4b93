import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, badgeRecipe, blockquoteSlotRecipe, breakpoints, buttonRecipe, cardSlotRecipe,
  checkboxSlotRecipe, checkmarkRecipe, codeRecipe, containerRecipe, dialogSlotRecipe, drawerSlotRecipe,
  fieldSlotRecipe, fieldsetSlotRecipe, globalCss, headingRecipe, iconRecipe, inputRecipe, keyframes, layerStyles,
  linkRecipe, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, popoverSlotRecipe, radioGroupSlotRecipe, radiomarkRecipe,
  semanticTokens,
  separatorRecipe, skeletonRecipe, spinnerRecipe, switchSlotRecipe, tableSlotRecipe, tabsSlotRecipe, textareaRecipe,
  textStyles, tokens, tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * A table's cells hold what they position: a column's name for screen readers only (srOnly, absolutely positioned)
 * otherwise escapes the Table.ScrollArea a table scrolls in on a phone and widens the whole page past the screen.
 */
const tableRecipe = {
  ...tableSlotRecipe,
  base: {
    ...tableSlotRecipe.base,
    cell: { ...tableSlotRecipe.base?.cell, position: 'relative' },
    columnHeader: { ...tableSlotRecipe.base?.columnHeader, position: 'relative' },
  },
} as typeof tableSlotRecipe;

const light = (value: string, dark: string) => ({ value: { _light: value, _dark: dark } });
const { colors } = semanticTokens;

/**
 * Chakra's colour tokens where they fall below WCAG AA contrast (4.5:1 for text) in the light theme:
 * white text on the solid blue, red, green, orange, teal and cyan (and on their 90 % hover and
 * expanded shades), and the error, warning and success text colours on white.
 */
const accessibleColors = {
  ...colors,
  fg: { ...colors.fg, error: light('#b91c1c', '{colors.red.400}'), warning: light('{colors.orange.700}', '{colors.orange.300}'), success: light('{colors.green.700}', '{colors.green.300}') },
  blue: { ...colors.blue, solid: light('#1d4ed8', '{colors.blue.600}') },
  red: { ...colors.red, solid: light('#b91c1c', '{colors.red.600}') },
  green: { ...colors.green, solid: light('{colors.green.700}', '{colors.green.600}') },
  orange: { ...colors.orange, solid: light('{colors.orange.700}', '{colors.orange.500}') },
  teal: { ...colors.teal, solid: light('{colors.teal.700}', '{colors.teal.600}') },
  cyan: { ...colors.cyan, solid: light('{colors.cyan.700}', '{colors.cyan.600}') },
};

/**
 * The portal's Chakra system: Chakra's tokens with only the recipes the portal's screens use.
 * Chakra's default system compiles ~80 recipes; a screen needing another one adds it here.
 */
export const portalConfig = defineConfig({
  // What Chakra's default theme config sets besides recipes: without the preflight, browser
  // defaults (serif text, grey native buttons) leak into every screen.
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      fonts: {
        heading: { value: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
        body: { value: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
        mono: tokens.fonts.mono,
      },
    },
    semanticTokens: { ...semanticTokens, colors: accessibleColors },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      blockquote: blockquoteSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      radioGroup: radioGroupSlotRecipe,

      switch: switchSlotRecipe,
      table: tableRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

export const portalSystem = createSystem(defaultBaseConfig, portalConfig);
