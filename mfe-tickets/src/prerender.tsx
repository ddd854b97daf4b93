import type { ReactElement } from 'react';
import { Badge, Box, Heading, Stack } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';

/** No public page: a ticket needs a session. */
export const prerenderedPages: Record<string, ReactElement> = {};

/**
 * The ticket page before its data, with its number and title filled in by the server from the
 * visitor's own GET /api/ticket/:ticketId (server/lib/signed-in-page.ts): the heading paints before
 * any JavaScript has run, and the shell shows the app's page in its place once that has its heading.
 */
export const signedInPages: Record<string, ReactElement> = {
  '/clients/:companyId/tickets/:ticketId': (
    <Stack gap="4" py="4">
      <Box>
        <Badge colorPalette="blue" variant="subtle" size="lg">
          {MESSAGES.loadingTicket}
        </Badge>
      </Box>
      <Heading as="h1" size="xl">
        {'#{{ticket.ticket_id}} {{ticket.title}}'}
      </Heading>
    </Stack>
  ),
};

/** What each signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
