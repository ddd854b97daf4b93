import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

/** The framed panel every public page of this remote sits in. */
export function AuthCard({ maxW = 'md', children }: { maxW?: BoxProps['maxW']; children: ReactNode }) {
  return (
    <Box maxW={maxW} mx="auto" mt={{ base: '6', md: '12' }} p={{ base: '4', md: '6' }} borderWidth="1px" rounded="lg" bg="bg.panel" shadow="sm">
      {children}
    </Box>
  );
}
