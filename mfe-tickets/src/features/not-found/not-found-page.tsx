import { Heading, Stack, Text } from '@chakra-ui/react';

/** Paths under this remote that are not one of its pages. */
export function NotFoundPage() {
  return (
    <Stack gap="3" align="center" textAlign="center" py="16">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">There is no page at this address.</Text>
    </Stack>
  );
}
