import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useMessageProgress } from '@portal/api-client';
import { ErrorAlert } from '@portal/ui';

const STATUS_COLORS = { pending: 'gray', sent: 'green', failed: 'red' } as const;

/** A send's progress bar (read every second until done) and each recipient's status, with why it failed. */
export function SendProgress({ messageId }: { messageId: number }) {
  const { data: progress, error } = useMessageProgress(messageId);
  if (!progress) return <ErrorAlert message={error} />;
  const done = progress.sent + progress.failed;
  const percent = progress.total === 0 ? 100 : Math.round((done / progress.total) * 100);
  return (
    <Stack gap="3" aria-label="Send progress" as="section">
      <Text fontWeight="semibold">
        {progress.status === 'done' ? 'Sent' : 'Sending'}: {progress.sent} sent, {progress.failed} failed of {progress.total}
      </Text>
      <Box role="progressbar" aria-label="Send progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} bg="gray.100" rounded="full" h="2" overflow="hidden">
        <Box h="full" w={`${percent}%`} bg={progress.failed > 0 ? 'orange.400' : 'green.500'} transition="width 0.3s" />
      </Box>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
        {progress.recipients.map((recipient) => (
          <HStack as="li" key={recipient.contact_id} gap="2">
            <Badge colorPalette={STATUS_COLORS[recipient.status]}>{recipient.status}</Badge>
            <Text as="span">{recipient.name}</Text>
            <Text as="span" color="fg.muted">{recipient.email}</Text>
            {recipient.error ? <Text as="span" color="red.600">{recipient.error}</Text> : null}
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
