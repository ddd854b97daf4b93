import { Heading, Stack, Text } from '@chakra-ui/react';

/** Spec 001 §2 "Message Center": recipients, subject, template, message with tokens, Send Message. */
export function MessageCentre() {
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Direct Messaging</Heading>
      <Text color="fg.muted">The message centre is not connected yet.</Text>
    </Stack>
  );
}
