import { Heading, Stack, Text } from '@chakra-ui/react';
import { useSession } from '@portal/session';

export type DashboardRole = 'admin' | 'agent' | 'client';

const TITLES: Record<DashboardRole, string> = {
  admin: 'Admin Dashboard',
  agent: 'Agent Dashboard',
  client: 'Client Dashboard',
};

/** A plain landing per dashboard until the dashboards issue builds the real ones. */
export function DashboardLanding({ role }: { role: DashboardRole }) {
  const contact = useSession((s) => s.contact);
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {TITLES[role]}
      </Heading>
      {contact ? (
        <Text color="fg.muted">
          Signed in as {contact.first_name} {contact.last_name}
        </Text>
      ) : null}
    </Stack>
  );
}
