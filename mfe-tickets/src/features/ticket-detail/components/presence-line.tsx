import { HStack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useTicketPresence } from '@portal/api-client';
import type { PresencePerson } from '@portal/domain';
import { useT } from '../../../messages';

type T = ReturnType<typeof useT>;

/** The domain's presenceLines in the reader's language: who is typing (each), then who is viewing (together). */
function presenceLines(people: readonly PresencePerson[], t: T): string[] {
  const lines: string[] = [];
  const nameOf = (person: PresencePerson) => person.name ?? t('presence.anAgent');
  for (const person of people) {
    if (person.activity === 'replying') lines.push(t('presence.replying', { name: nameOf(person) }));
    if (person.activity === 'noting') lines.push(t('presence.noting', { name: nameOf(person) }));
  }
  const viewers = people.filter((person) => person.activity === 'viewing').map(nameOf);
  const [first, second, third] = viewers;
  const viewing = viewers.length;
  if (viewing === 1) lines.push(t('presence.viewingOne', { first }));
  else if (viewing === 2) lines.push(t('presence.viewingTwo', { first, second }));
  else if (viewing === 3) lines.push(t('presence.viewingThree', { first, second, third }));
  else if (viewing > 3) lines.push(t('presence.viewingMany', { first, second, count: viewing - 2 }));
  return lines;
}

/**
 * Who else is on the ticket now: "Casey Client is viewing", "Alex Agent is typing a reply…"
 * (docs/product/tickets.md#who-is-on-the-ticket). From the live stream, never polled; a polite live region, so a
 * screen reader hears it change without losing its place. Mounting it says that this tab shows the ticket.
 */
export function PresenceLine({ ticketId }: { ticketId: number }) {
  const t = useT();
  const lines = presenceLines(useTicketPresence(ticketId), t);
  return (
    <HStack role="status" aria-live="polite" aria-label={t('presence.label')} gap="2" minH="5" color="fg.muted" fontSize="sm" wrap="wrap">
      {lines.length > 0 ? <Users aria-hidden size={14} /> : null}
      {lines.map((line) => <Text key={line} data-testid="presence-line">{line}</Text>)}
    </HStack>
  );
}
