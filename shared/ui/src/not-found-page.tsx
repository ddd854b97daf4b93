import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';

/** The one "Page not found" page of the shell and every remote; `children` is the way back (a link). */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="4" align="center" textAlign="center" py="16">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">There is no page at this address.</Text>
      {children}
    </Stack>
  );
}
