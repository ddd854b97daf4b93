import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useFailedMailMutations, useMessageProgress } from '@portal/api-client';
import { canResendMessage } from '@portal/domain';
import { useViewer } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { RESULT_COLORS } from './result-badges';

/** What `n` recipients reads as. */
const recipients = (n: number) => `${n} recipient${n === 1 ? '' : 's'}`;

/**
 * One send's recipients, each with the result of its mail and why it failed (docs/product/messaging.md#sent-messages),
 * and, while some failed, 'Re-send to failed', which mails those again (only those).
 */
export function SentMessageDetail({ messageId, subject }: { messageId: number; subject: string }) {
  const { data: progress, error } = useMessageProgress(messageId, { untilDelivered: true });
  const { resend } = useFailedMailMutations();
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!progress) return error ? <ErrorAlert message={errorMessage(error)} /> : <Text>Loading…</Text>;
  const failed = progress.results.failed;

  async function resendToFailed() {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const answer = await resend(messageId);
      setDone(`Re-sent to ${recipients(answer.resent)}.${answer.failed > 0 ? ` ${recipients(answer.failed)} still cannot be mailed.` : ''}`);
    } catch (caught) {
      setProblem(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2" as="section" aria-label={`Recipients of ${subject}`}>
      <ErrorAlert message={problem} />
      {done ? <Text role="status" color="green.700" fontSize="sm">{done}</Text> : null}
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
        {progress.recipients.map((recipient) => (
          <HStack as="li" key={recipient.recipient_id} gap="2" wrap="wrap" aria-label={`${recipient.name}: ${recipient.result}`}>
            <Badge colorPalette={RESULT_COLORS[recipient.result]}>{recipient.result}</Badge>
            <Text as="span">{recipient.name}</Text>
            <Text as="span" color="fg.muted">{recipient.email}</Text>
            {recipient.result_error ? <Text as="span" color={recipient.result === 'failed' ? 'red.600' : 'fg.muted'}>{recipient.result_error}</Text> : null}
          </HStack>
        ))}
      </Stack>
      {failed > 0 && viewer && canResendMessage(viewer) ? (
        <HStack>
          <Button size="sm" colorPalette="blue" variant="outline" loading={busy} onClick={() => void resendToFailed()}>
            Re-send to failed ({failed})
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
