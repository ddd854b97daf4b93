// A build-time patch of one Chakra file (@chakra-ui/react's styled-system/system.js): createSystem
// builds the system's global CSS (`_global`: the reset, global styles and every token's CSS
// variable, about half of createSystem's time) whether or not anything reads it. Here `_global` is
// built on first read instead. The shell never reads it: the page links the same CSS as a stylesheet
// (shell/src/app/portal-global.css). Only ChakraProvider reads it, so a standalone remote still
// gets it. The build fails if a Chakra upgrade changes the two lines this patch expects.
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = /\n(\s*)_global,\n/;

/** @param {string} source */
function lazyGlobal(source) {
  if (!source.includes(EAGER) || !FIELD.test(source)) {
    throw new Error(
      "chakra-lazy-global-loader: @chakra-ui/react's createSystem no longer reads as expected; update shared/build-config/chakra-lazy-global-loader.cjs or remove it.",
    );
  }
  return source
    .replace(EAGER, 'let _global;')
    .replace(FIELD, (_line, indent) => `\n${indent}get _global() {\n${indent}  return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n${indent}},\n`);
}

module.exports = function chakraLazyGlobalLoader(source) {
  return lazyGlobal(source);
};
module.exports.lazyGlobal = lazyGlobal;
