import { HStack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useTicketPresence } from '@portal/api-client';
import { presenceLines } from '@portal/domain';

/**
 * Who else is on the ticket now: "Casey Client is viewing", "Alex Agent is typing a reply…"
 * (docs/product/tickets.md#who-is-on-the-ticket). From the live stream, never polled; a polite live region, so a
 * screen reader hears it change without losing its place. Mounting it says that this tab shows the ticket.
 */
export function PresenceLine({ ticketId }: { ticketId: number }) {
  const lines = presenceLines(useTicketPresence(ticketId));
  return (
    <HStack role="status" aria-live="polite" aria-label="Who is on this ticket" gap="2" minH="5" color="fg.muted" fontSize="sm" wrap="wrap">
      {lines.length > 0 ? <Users aria-hidden size={14} /> : null}
      {lines.map((line) => <Text key={line} data-testid="presence-line">{line}</Text>)}
    </HStack>
  );
}
