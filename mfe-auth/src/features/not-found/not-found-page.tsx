import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Pages of this remote that do not exist (yet): registration and password pages come in a later issue. */
export function NotFoundPage() {
  return (
    <Stack gap="3" align="center" textAlign="center" py="16">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">There is no page at this address.</Text>
      <Link asChild colorPalette="blue">
        <RouterLink to="/login">Go to sign in</RouterLink>
      </Link>
    </Stack>
  );
}
