import type { ReactElement } from 'react';
import { Box, Center, Grid, Heading, Spinner, Stack } from '@chakra-ui/react';
import { AllInvoiceItemsHeadings } from './features/admin-invoices/invoice-details';
import { useT } from './messages';

/** No public page: invoices need a session. */
export const prerenderedPages: Record<string, ReactElement> = {};

/** The invoices' heading, a spinner and the items' headings, in the reader's words (the build renders each language). */
function InvoicesLoading() {
  const t = useT();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('adminInvoices.heading')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(16rem, 1fr) 2fr' }} gap="8" alignItems="start">
        <Center py="8">
          <Spinner size="lg" color="blue.500" role="status" aria-label={t('common.loading')} />
        </Center>
        <Box minW="0">
          <Stack as="section" aria-labelledby="invoice-heading" gap="3">
            <AllInvoiceItemsHeadings />
          </Stack>
        </Box>
      </Grid>
    </Stack>
  );
}

/**
 * The admins' invoices (this month, no company chosen: 'All Invoice Items') as they look before the
 * app has run: the server writes it into the page for an admin (server/lib/signed-in-page.ts), and
 * the shell shows the app's page in its place once that has its heading.
 */
export const signedInPages: Record<string, ReactElement> = {
  '/admins/invoices': <InvoicesLoading />,
};

/** What each signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
