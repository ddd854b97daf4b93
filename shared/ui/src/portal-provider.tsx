import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { portalSystem } from './system';

/** Chakra with the portal's system; the shell and every standalone remote wrap their tree in it. */
export function PortalProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={portalSystem}>{children}</ChakraProvider>;
}
