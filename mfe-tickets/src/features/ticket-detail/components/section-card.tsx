import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One block of the ticket screen with its heading. */
export function SectionCard({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm" variant="outline">
      <Card.Header display="flex" flexDirection="row" alignItems="center" justifyContent="space-between" gap="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
