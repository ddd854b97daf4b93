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
    semanticTokens,
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
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

export const portalSystem = createSystem(defaultBaseConfig, portalConfig);
