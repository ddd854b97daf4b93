import type { ReactElement } from 'react';
import { Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { AdminHomeHeading } from './features/staff-board/admin-home';
import { useT } from './messages';

/** No public page: every screen of the dashboards needs a session. */
export const prerenderedPages: Record<string, ReactElement> = {};

// In the reader's words: the build renders these screens in each language.
function Loading() {
  const t = useT();
  return (
    <Center py="16">
      <Spinner size="lg" color="blue.500" role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

function AgentHeading() {
  const t = useT();
  return (
    <Heading as="h1" size="2xl">
      {t('agent.heading')}
    </Heading>
  );
}

/**
 * The dashboards' first screens as they look before their data, with the server's {{placeholders}}
 * filled from the visitor's own reads (server/lib/signed-in-page.ts): written into the page so the
 * frame and the heading paint before any JavaScript has run; the shell shows the app's page in their
 * place once it has its heading (docs/architecture.md#weight).
 */
export const signedInPages: Record<string, ReactElement> = {
  '/clients/:companyId': (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {'{{company.name}}'}
      </Heading>
      <Loading />
    </Stack>
  ),
  '/agents': (
    <Stack gap="5">
      <Stack gap="1">
        <AgentHeading />
        <Text color="fg.muted">{'{{contact.first_name}} {{contact.last_name}}'}</Text>
      </Stack>
      <Loading />
    </Stack>
  ),
  '/admins': (
    <Stack gap="5">
      <AdminHomeHeading />
      <Loading />
    </Stack>
  ),
};

/** What each signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
