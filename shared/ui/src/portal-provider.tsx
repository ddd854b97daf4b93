import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { portalSystem } from './system';

// The same system without its global CSS (the layer order, reset, global styles and token
// variables), for a page that links that CSS as a stylesheet.
const systemWithLinkedGlobals: typeof portalSystem = {
  ...portalSystem,
  _global: [],
  _config: { ...portalSystem._config, disableLayers: true },
};

/**
 * Chakra with the portal's system; the shell and every standalone remote wrap their tree in it.
 * `globalCssLinked`: the page already links the system's global CSS (the shell's generated
 * portal-global.css), so Chakra does not build and insert its ~48 KB again at run time.
 */
export function PortalProvider({ children, globalCssLinked = false }: { children: ReactNode; globalCssLinked?: boolean }) {
  return <ChakraProvider value={globalCssLinked ? systemWithLinkedGlobals : portalSystem}>{children}</ChakraProvider>;
}
