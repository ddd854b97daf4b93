import { Badge, Heading, HStack, Stack } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { lookupColor, lookupName, type LookupItem } from '@portal/domain';
import { SlaBadge } from '@portal/ui';
import { useT } from '../../../messages';

const STATUS_PALETTE: Readonly<Record<number, string>> = { 1: 'gray', 2: 'blue', 3: 'purple', 4: 'orange', 5: 'green', 6: 'red', 7: 'yellow', 8: 'teal' };

/** Title with the ticket number and the type, priority (its colour) and status badges. */
export function TicketHeader({ ticket, lookups }: { ticket: TicketDetail; lookups: { statuses: readonly LookupItem[]; priorities: readonly LookupItem[]; types: readonly LookupItem[] } }) {
  const t = useT();
  return (
    <Stack gap="2">
      <Heading as="h1" size="xl">
        #{ticket.ticket_id} {ticket.title}
      </Heading>
      <HStack gap="2" wrap="wrap" aria-label={t('ticket.badges')} role="group">
        <Badge variant="outline" colorPalette="gray" data-testid="type-badge">
          {lookupName(lookups.types, ticket.type_id, t('ticket.typeFallback', { id: String(ticket.type_id) }))}
        </Badge>
        <Badge variant="solid" colorPalette={lookupColor(lookups.priorities, ticket.priority_id)} data-testid="priority-badge">
          {lookupName(lookups.priorities, ticket.priority_id, t('ticket.priorityFallback', { id: String(ticket.priority_id) }))}
        </Badge>
        <Badge variant="subtle" colorPalette={STATUS_PALETTE[ticket.status_id] ?? 'gray'} data-testid="status-badge">
          {lookupName(lookups.statuses, ticket.status_id, t('ticket.statusFallback', { id: String(ticket.status_id) }))}
        </Badge>
        {ticket.on_hold ? (
          <Badge variant="solid" colorPalette="yellow">
            {t('ticket.onHold')}
          </Badge>
        ) : null}
        <SlaBadge sla={ticket.sla} />
      </HStack>
    </Stack>
  );
}
