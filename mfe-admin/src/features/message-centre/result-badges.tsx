import { Badge, HStack } from '@chakra-ui/react';
import type { MessageSummary } from '@portal/contract';
import { MESSAGE_RECIPIENT_RESULTS, type MessageRecipientResult } from '@portal/domain';
import { useT } from '../../messages';

export const RESULT_COLORS: Record<MessageRecipientResult, string> = { pending: 'gray', queued: 'blue', sent: 'green', failed: 'red' };

/** A recipient's result as its badge says it: a literal key per result (scripts/check-messages.ts finds the keys it uses). */
export const RESULT_LABELS = {
  pending: 'messageCentre.resultPending',
  queued: 'messageCentre.resultQueued',
  sent: 'messageCentre.resultSent',
  failed: 'messageCentre.resultFailed',
} as const satisfies Record<MessageRecipientResult, string>;

/** How many recipients had a result ('2 sent'), a message per result. */
const RESULT_COUNTS = {
  pending: 'messageCentre.countPending',
  queued: 'messageCentre.countQueued',
  sent: 'messageCentre.countSent',
  failed: 'messageCentre.countFailed',
} as const satisfies Record<MessageRecipientResult, string>;

/** A send's recipients counted by result ('2 sent', '1 failed'); results nobody has are left out. */
export function ResultBadges({ results }: { results: MessageSummary['results'] }) {
  const t = useT();
  return (
    <HStack gap="1" wrap="wrap">
      {MESSAGE_RECIPIENT_RESULTS.filter((result) => results[result] > 0).map((result) => (
        <Badge key={result} colorPalette={RESULT_COLORS[result]}>{t(RESULT_COUNTS[result], { count: results[result] })}</Badge>
      ))}
    </HStack>
  );
}
