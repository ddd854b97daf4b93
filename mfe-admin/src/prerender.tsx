import type { ReactElement } from 'react';
import { Box, Center, Heading, Spinner, Stack } from '@chakra-ui/react';
import { CrmLayout } from './components/crm-layout';
import { SettingsLayout } from './components/settings-layout';
import { useT } from './messages';

/** No public page: the admin settings need an admin's session. */
export const prerenderedPages: Record<string, ReactElement> = {};

/** Direct messaging's heading and a spinner, in the reader's words (the build renders each language). */
function DirectMessagingLoading() {
  const t = useT();
  return (
    <Box aria-label={t('settings.crmDirect')} as="section">
      <Stack gap="4">
        <Heading as="h2" size="lg">{t('messageCentre.heading')}</Heading>
        <Center py="8">
          <Spinner size="lg" color="blue.500" role="status" aria-label={t('settings.loading')} />
        </Center>
      </Stack>
    </Box>
  );
}

/**
 * The admins' first settings screen (the message centre) as it looks before the app has run: the
 * server writes it into the page for an admin (server/lib/signed-in-page.ts), so the frame and the
 * headings paint before any JavaScript, and the shell shows the app's page in its place once that has its heading.
 */
export const signedInPages: Record<string, ReactElement> = {
  '/admins/settings/crm/direct': (
    <SettingsLayout current="crm">
      <CrmLayout current="direct">
        <DirectMessagingLoading />
      </CrmLayout>
    </SettingsLayout>
  ),
};

/** What each signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
