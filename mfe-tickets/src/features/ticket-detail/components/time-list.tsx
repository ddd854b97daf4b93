import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTicketTime } from '@portal/api-client';
import { formatUnitsHhmm, type Viewer } from '@portal/domain';
import { TimeEntryActions } from '@portal/features';
import { DateText } from '@portal/ui';
import { useT } from '../../../messages';

/**
 * The ticket's time entries, newest first (staff): date, worker, time and description, with Edit,
 * Delete or Log correction where the rules allow (docs/product/time-and-billing.md#correcting-time).
 */
export function TimeList({ ticketId, viewer, timeZone }: { ticketId: number; viewer: Viewer; timeZone: string }) {
  const { data } = useTicketTime(ticketId);
  const t = useT();
  if (!data || data.entries.length === 0) return null;
  return (
    <Stack as="ul" aria-label={t('time.entries')} gap="2" listStyleType="none" m="0" p="0">
      {data.entries.map((entry) => (
        <Box as="li" key={entry.time_id} borderTopWidth="1px" pt="2" aria-label={t('time.entry', { time: formatUnitsHhmm(entry.time), description: entry.description })}>
          <HStack justify="space-between" gap="2" fontSize="sm">
            <HStack gap="1" minW="0">
              <DateText iso={entry.date} timeZone={timeZone} color="fg.muted" />
              <Text truncate>{entry.contact_name ?? t('time.unknownAgent')}</Text>
            </HStack>
            <Text fontFamily="mono" data-testid="entry-time">
              {formatUnitsHhmm(entry.time)}
            </Text>
          </HStack>
          <Text fontSize="sm" wordBreak="break-word">
            {entry.description}
          </Text>
          <TimeEntryActions entry={entry} viewer={viewer} timeZone={timeZone} />
        </Box>
      ))}
    </Stack>
  );
}
