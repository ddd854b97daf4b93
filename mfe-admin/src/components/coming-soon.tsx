import { Heading, Stack, Text } from '@chakra-ui/react';

export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="lg">{title}</Heading>
      <Text color="fg.muted">{title} are coming soon.</Text>
    </Stack>
  );
}
