import { Heading } from '@chakra-ui/react';

/** Spec 001 route table: /invoice is a placeholder page titled Invoice. */
export function InvoicePlaceholder() {
  return (
    <Heading as="h1" size="2xl">
      Invoice
    </Heading>
  );
}
