import { Card, Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { TicketSummary } from '@portal/contract';
import { completedTimeLabel } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText } from '@portal/ui';
import { ticketPath } from '../../components/ticket-card';

/** Completed tickets, newest completion first (the layout sorts them), each with its time or FREE. */
export function CompletedTickets({ tickets }: { tickets: readonly TicketSummary[] }) {
  const timeZone = useSession((s) => s.timeZone);
  return (
    <Card.Root as="section" aria-label="Completed" size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          Completed
        </Heading>
      </Card.Header>
      <Card.Body>
        {tickets.length === 0 ? (
          <Text color="fg.muted">No completed tickets yet.</Text>
        ) : (
          <Stack gap="1" as="ol" listStyleType="none">
            {tickets.map((ticket) => (
              <LinkBox as="li" key={ticket.ticket_id} data-testid="completed-ticket" _hover={{ bg: 'bg.muted' }} px="2" py="1" borderRadius="sm">
                <HStack justify="space-between" gap="3">
                  {/* The title above its date: side by side they ran together ("Replace the hero image10/21/2026"). */}
                  <Stack gap="0" minW="0">
                    <LinkOverlay asChild>
                      <RouterLink to={ticketPath(ticket)}>{ticket.title}</RouterLink>
                    </LinkOverlay>
                    <DateText iso={ticket.date_completed} timeZone={timeZone} fontSize="xs" color="fg.muted" />
                  </Stack>
                  <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="completed-time">
                    {completedTimeLabel(ticket.total_time)}
                  </Text>
                </HStack>
              </LinkBox>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
