import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '@portal/session';

export function NotFoundPage() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const dashboard = useSession((s) => s.dashboard);
  return (
    <Stack gap="4" align="center" textAlign="center" py="16">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">There is no page at this address.</Text>
      <Button asChild colorPalette="blue">
        <RouterLink to={isLoggedIn ? dashboard : '/login'}>{isLoggedIn ? 'Go to your dashboard' : 'Go to sign in'}</RouterLink>
      </Button>
    </Stack>
  );
}
