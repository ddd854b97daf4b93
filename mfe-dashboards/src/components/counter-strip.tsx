import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Counter {
  label: string;
  value: ReactNode;
}

/** A row of labelled figures at the top of a dashboard; each is a labelled group for screen readers. */
export function CounterStrip({ counters }: { counters: readonly Counter[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: counters.length }} gap="3" data-testid="counter-strip">
      {counters.map((counter) => (
        <Box
          key={counter.label}
          role="group"
          aria-label={counter.label}
          borderWidth="1px"
          borderRadius="md"
          px="4"
          py="3"
          bg="bg.subtle"
        >
          <Text fontSize="sm" color="fg.muted">
            {counter.label}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="counter-value">
            {counter.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
