import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useFailedMailMutations, useMessageProgress } from '@portal/api-client';
import { MESSAGES, canResendMessage } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useViewer } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { RESULT_COLORS, RESULT_LABELS } from './result-badges';

/**
 * One send's recipients, each with the result of its mail and why it failed (docs/product/messaging.md#sent-messages),
 * and, while some failed, 'Re-send to failed', which mails those again (only those).
 */
export function SentMessageDetail({ messageId, subject }: { messageId: number; subject: string }) {
  const t = useT();
  const text = useMessageText();
  const { data: progress, error } = useMessageProgress(messageId, { untilDelivered: true });
  const { resend } = useFailedMailMutations();
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  /** How many the last re-send mailed again, and how many still cannot be mailed. */
  const [done, setDone] = useState<{ resent: number; failed: number } | null>(null);
  if (!progress) return error ? <ErrorAlert message={errorMessage(error)} /> : <Text>{text(MESSAGES.loading)}</Text>;
  const failed = progress.results.failed;

  async function resendToFailed() {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const answer = await resend(messageId);
      setDone({ resent: answer.resent, failed: answer.failed });
    } catch (caught) {
      setProblem(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2" as="section" aria-label={t('messageCentre.recipientsOf', { subject })}>
      <ErrorAlert message={problem} />
      {done ? <Text role="status" color="green.700" fontSize="sm">{t('messageCentre.resent', done)}</Text> : null}
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
        {progress.recipients.map((recipient) => (
          <HStack as="li" key={recipient.recipient_id} gap="2" wrap="wrap" aria-label={t('messageCentre.recipientResult', { name: recipient.name, result: t(RESULT_LABELS[recipient.result]) })}>
            <Badge colorPalette={RESULT_COLORS[recipient.result]}>{t(RESULT_LABELS[recipient.result])}</Badge>
            <Text as="span">{recipient.name}</Text>
            <Text as="span" color="fg.muted">{recipient.email}</Text>
            {recipient.result_error ? <Text as="span" color={recipient.result === 'failed' ? 'red.600' : 'fg.muted'}>{recipient.result_error}</Text> : null}
          </HStack>
        ))}
      </Stack>
      {failed > 0 && viewer && canResendMessage(viewer) ? (
        <HStack>
          <Button size="sm" colorPalette="blue" variant="outline" loading={busy} onClick={() => void resendToFailed()}>
            {t('messageCentre.resendFailed', { count: failed })}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
