import { Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { useCompanyContacts } from '@portal/api-client';
import { DateText } from '@portal/ui';
import { useT } from '../../../messages';

/** The client block: company and requester summary. */
export function ClientBlock({ ticket, timeZone }: { ticket: TicketDetail; timeZone: string }) {
  const { data: contacts } = useCompanyContacts(ticket.company_id);
  const requester = contacts?.find((c) => c.contact_id === ticket.contact_id);
  const t = useT();
  return (
    <Stack gap="1" aria-label={t('client.label')} role="group">
      <Text fontWeight="semibold" fontSize="lg">
        {ticket.company_name}
      </Text>
      <Text>{ticket.contact_name ?? t('client.noRequester')}</Text>
      {requester ? (
        <>
          <Text fontSize="sm" color="fg.muted">
            {requester.email}
          </Text>
          {requester.phone ? (
            <Text fontSize="sm" color="fg.muted">
              {requester.phone}
            </Text>
          ) : null}
        </>
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        {t.rich('client.opened', { date: <DateText key="date" as="span" iso={ticket.date_created} timeZone={timeZone} /> })}
      </Text>
    </Stack>
  );
}
