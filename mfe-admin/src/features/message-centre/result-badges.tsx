import { Badge, HStack } from '@chakra-ui/react';
import type { MessageSummary } from '@portal/contract';
import { MESSAGE_RECIPIENT_RESULTS, type MessageRecipientResult } from '@portal/domain';

export const RESULT_COLORS: Record<MessageRecipientResult, string> = { pending: 'gray', queued: 'blue', sent: 'green', failed: 'red' };

/** A send's recipients counted by result ('2 sent', '1 failed'); results nobody has are left out. */
export function ResultBadges({ results }: { results: MessageSummary['results'] }) {
  return (
    <HStack gap="1" wrap="wrap">
      {MESSAGE_RECIPIENT_RESULTS.filter((result) => results[result] > 0).map((result) => (
        <Badge key={result} colorPalette={RESULT_COLORS[result]}>{results[result]} {result}</Badge>
      ))}
    </HStack>
  );
}
