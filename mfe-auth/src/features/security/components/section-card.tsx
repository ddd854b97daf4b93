import type { ReactNode } from 'react';
import { Heading, HStack, Stack } from '@chakra-ui/react';

/** One section of the Security page: a titled region (its heading names it for assistive technology). */
export function SectionCard({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  const id = `security-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Stack as="section" aria-labelledby={id} gap="3" p={{ base: '4', md: '5' }} borderWidth="1px" rounded="lg" bg="bg.panel">
      <HStack justify="space-between">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {status}
      </HStack>
      {children}
    </Stack>
  );
}
