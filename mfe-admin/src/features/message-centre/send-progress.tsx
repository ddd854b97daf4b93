import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useMailStatus, useMessageProgress } from '@portal/api-client';
import type { MessageProgress } from '@portal/contract';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { queuedReason } from './mail-server-banner';
import { RESULT_COLORS, RESULT_LABELS } from './result-badges';

/**
 * 'Sending', then 'Sent' once every mail was taken by the mail server or failed, or 'Queued' while some still wait in
 * the outbox (docs/product/messaging.md#sending): the counts are what became of each recipient's mail, not the runner's work.
 */
function progressText(t: ReturnType<typeof useT>, { status, results, total }: MessageProgress): string {
  const state = status !== 'done' ? 'sending' : results.queued > 0 ? 'queued' : 'sent';
  return t('messageCentre.progress', { state, sent: results.sent, queued: results.queued, failed: results.failed, total });
}

/**
 * A send's progress bar (read every second until the runner is done, then until its mail is delivered) and each
 * recipient's result, with why it failed or is still queued.
 */
export function SendProgress({ messageId }: { messageId: number }) {
  const t = useT();
  const { data: progress, error } = useMessageProgress(messageId, { untilDelivered: true });
  const { data: mailStatus } = useMailStatus();
  if (!progress) return <ErrorAlert message={error} />;
  const done = progress.sent + progress.failed;
  const percent = progress.total === 0 ? 100 : Math.round((done / progress.total) * 100);
  const queued = progress.status === 'done' && progress.results.queued > 0;
  return (
    <Stack gap="3" aria-label={t('messageCentre.sendProgress')} as="section">
      <Text fontWeight="semibold">{progressText(t, progress)}</Text>
      {queued ? <Text fontSize="sm" role="status">{queuedReason(t, mailStatus)}</Text> : null}
      <Box role="progressbar" aria-label={t('messageCentre.sendProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} bg="gray.100" rounded="full" h="2" overflow="hidden">
        <Box h="full" w={`${percent}%`} bg={progress.failed > 0 ? 'orange.400' : queued ? 'blue.400' : 'green.500'} transition="width 0.3s" />
      </Box>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
        {progress.recipients.map((recipient) => (
          <HStack as="li" key={recipient.recipient_id} gap="2" aria-label={t('messageCentre.recipientResult', { name: recipient.name, result: t(RESULT_LABELS[recipient.result]) })}>
            <Badge colorPalette={RESULT_COLORS[recipient.result]}>{t(RESULT_LABELS[recipient.result])}</Badge>
            <Text as="span">{recipient.name}</Text>
            <Text as="span" color="fg.muted">{recipient.email}</Text>
            {recipient.result_error ? <Text as="span" color={recipient.result === 'failed' ? 'red.600' : 'fg.muted'}>{recipient.result_error}</Text> : null}
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
