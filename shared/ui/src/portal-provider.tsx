import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { portalSystem } from './system';

// The same system without its global CSS (the layer order, reset, global styles and token
// variables), for a page that links that CSS as a stylesheet. Made as an object over the system, not
// a copy: the shell's build makes `_global` a getter that builds the CSS on first read
// (shared/build-config/chakra-lazy-global-loader.cjs), which a spread would call.
const systemWithLinkedGlobals: typeof portalSystem = Object.create(portalSystem, {
  _global: { value: [] },
  _config: { value: { ...portalSystem._config, disableLayers: true } },
});

/**
 * Chakra with the portal's system; the shell and every standalone remote wrap their tree in it.
 * `globalCssLinked`: the page already links the system's global CSS (the shell's generated
 * portal-global.css), so Chakra does not build and insert its ~48 KB again at run time.
 */
export function PortalProvider({ children, globalCssLinked = false }: { children: ReactNode; globalCssLinked?: boolean }) {
  return <ChakraProvider value={globalCssLinked ? systemWithLinkedGlobals : portalSystem}>{children}</ChakraProvider>;
}
