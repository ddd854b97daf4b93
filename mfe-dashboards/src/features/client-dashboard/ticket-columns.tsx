import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TicketSummary } from '@portal/contract';
import { lookupName, STATUS, type ClientDashboardLayout, type LookupItem } from '@portal/domain';
import { TicketCard } from '../../components/ticket-card';
import { useT } from '../../messages';

const COLUMN_STATUSES = [STATUS.backlog, STATUS.assigned, STATUS.inProgress, STATUS.testing] as const;

/** The four columns (docs/product/dashboards.md#ticket-placement), named after the admin-editable statuses 1 to 4. */
export function TicketColumns({
  layout, statuses, priorities,
}: {
  layout: ClientDashboardLayout<TicketSummary>;
  statuses: readonly LookupItem[];
  priorities: readonly LookupItem[];
}) {
  const t = useT();
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
      {layout.columns.map((tickets, index) => {
        const name = lookupName(statuses, COLUMN_STATUSES[index], t('columns.fallback', { number: index + 1 }));
        return (
          <Stack key={name} as="section" aria-label={name} gap="2" bg="bg.muted" borderRadius="md" p="3" minH="32">
            <Heading as="h2" size="sm">
              {name} <Text as="span" color="fg.muted">({tickets.length})</Text>
            </Heading>
            {tickets.map((ticket) => (
              <TicketCard key={ticket.ticket_id} ticket={ticket} priorities={priorities} />
            ))}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
