import { Box, Heading, Stack } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSession } from '@portal/session';
import { newTicketMessages, useT } from './messages';
import { NewTicketForm } from './new-ticket-form';

/** The page's texts in the reader's language, before it first renders (routes.tsx waits for it). */
export const ready = newTicketMessages.preload();

/** clients/:clientId/tickets/new: the form on a page of its own; a created ticket opens. */
export function NewTicketPage() {
  const navigate = useNavigate();
  const { clientId } = useParams();
  const dashboard = useSession((s) => s.dashboard);
  const t = useT();
  return (
    <Box maxW="3xl" mx="auto" py="6">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('newTicket.heading')}
        </Heading>
        <NewTicketForm
          companyId={Number(clientId) > 0 ? Number(clientId) : undefined}
          onCreated={(ticket) => void navigate(`/clients/${ticket.company_id}/tickets/${ticket.ticket_id}`, { replace: true })}
          onCancel={() => void navigate(dashboard || '/')}
        />
      </Stack>
    </Box>
  );
}
