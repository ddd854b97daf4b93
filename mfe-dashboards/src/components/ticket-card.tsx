import { Badge, Box, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TicketSummary } from '@portal/contract';
import { estimateBadge, isFaded, lookupColor, lookupName, type LookupItem } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText } from '@portal/ui';
import { useLongPress } from '../hooks/use-long-press';

export function ticketPath(ticket: Pick<TicketSummary, 'company_id' | 'ticket_id'>): string {
  return `/clients/${ticket.company_id}/tickets/${ticket.ticket_id}`;
}

export interface TicketCardProps {
  ticket: TicketSummary;
  priorities: readonly LookupItem[];
  showCompany?: boolean;
  /** Shown under the title, e.g. the status name in a list. */
  detail?: ReactNode;
  selected?: boolean;
  /** With it, a 500 ms press toggles the selection. */
  onToggleSelect?: (ticketId: number) => void;
}

/** One ticket as every dashboard draws it: opens the ticket page; faded when cancelled or on hold. */
export function TicketCard({ ticket, priorities, showCompany = false, detail, selected = false, onToggleSelect }: TicketCardProps) {
  const timeZone = useSession((s) => s.timeZone);
  const badge = estimateBadge(ticket);
  const faded = isFaded(ticket);
  const press = useLongPress(() => onToggleSelect?.(ticket.ticket_id));
  const pressHandlers = onToggleSelect ? press : {};

  return (
    <LinkBox
      as="article"
      data-testid="ticket-card"
      data-ticket-id={ticket.ticket_id}
      data-faded={faded ? 'true' : undefined}
      aria-selected={onToggleSelect ? selected : undefined}
      borderWidth={selected ? '2px' : '1px'}
      borderColor={selected ? 'blue.500' : 'border'}
      borderRadius="md"
      p="3"
      bg={selected ? 'blue.50' : 'bg'}
      opacity={faded ? 0.5 : 1}
      userSelect={onToggleSelect ? 'none' : undefined}
      _hover={{ shadow: 'sm' }}
      {...pressHandlers}
    >
      <Stack gap="1">
        <LinkOverlay asChild>
          <RouterLink to={ticketPath(ticket)} draggable={false}>
            <Text fontWeight="medium">{ticket.title}</Text>
          </RouterLink>
        </LinkOverlay>
        {showCompany ? (
          <Text fontSize="sm" color="fg.muted">
            {ticket.company_name}
          </Text>
        ) : null}
        {detail}
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={lookupColor(priorities, ticket.priority_id)} variant="subtle">
            {lookupName(priorities, ticket.priority_id, `Priority ${ticket.priority_id}`)}
          </Badge>
          {badge ? (
            <Badge colorPalette={badge.color} variant="solid" data-testid="estimate-badge">
              {badge.label}
            </Badge>
          ) : null}
          {ticket.date_due ? (
            <Box fontSize="xs" color="fg.muted">
              Due <DateText as="span" iso={ticket.date_due} timeZone={timeZone} />
            </Box>
          ) : null}
        </HStack>
      </Stack>
    </LinkBox>
  );
}
