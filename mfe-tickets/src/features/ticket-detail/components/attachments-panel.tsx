import { useRef, useState } from 'react';
import { Box, Button, HStack, IconButton, Link, List, Stack, Text } from '@chakra-ui/react';
import { Paperclip, Trash2, Upload } from 'lucide-react';
import type { Attachment } from '@portal/contract';
import { errorMessage, useAttachmentMutations, useTicketAttachments } from '@portal/api-client';
import { ATTACHMENT_ACCEPT } from '@portal/domain';
import { ConfirmDialog, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { SectionCard } from './section-card';

function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The upload's progress as a bar (role progressbar, 0-100). */
function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <Box role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="2" bg="bg.muted" rounded="full" overflow="hidden">
      <Box h="full" w={`${percent}%`} bg="blue.500" transition="width 0.2s" />
    </Box>
  );
}

/** Upload (with progress), list with authorized download links, delete. Refreshed every second. */
export function AttachmentsPanel({ ticketId, canDelete }: { ticketId: number; canDelete(attachment: Attachment): boolean }) {
  const { data: attachments } = useTicketAttachments(ticketId);
  const { upload, remove } = useAttachmentMutations(ticketId);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedDelete((attachment: Attachment) => remove(attachment.attachment_id), { onError: setError });

  async function send(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    setProgress(0);
    try {
      await upload(files, { onProgress: setProgress });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <SectionCard
      title="Attachments"
      actions={
        <Button size="xs" variant="outline" onClick={() => input.current?.click()} loading={progress !== null} loadingText="Uploading…">
          <Upload /> Upload files
        </Button>
      }
    >
      <Stack gap="3">
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-label="Attach files"
          hidden
          onChange={(event) => void send([...(event.target.files ?? [])])}
        />
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
        <ErrorAlert message={error} />
        {attachments && attachments.length > 0 ? (
          <List.Root gap="1" variant="plain" aria-label="Attachment list">
            {attachments.map((attachment) => (
              <List.Item key={attachment.attachment_id} display="flex" alignItems="center" gap="2">
                <Paperclip size="14" aria-hidden />
                <Link href={attachment.url} download={attachment.name} colorPalette="blue" variant="underline">
                  {attachment.name}
                </Link>
                <Text as="span" fontSize="xs" color="fg.muted">
                  {fileSize(attachment.size)}
                </Text>
                {canDelete(attachment) ? (
                  <HStack ms="auto">
                    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Delete attachment ${attachment.name}`} onClick={() => deletion.ask(attachment)}>
                      <Trash2 />
                    </IconButton>
                  </HStack>
                ) : null}
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No attachments.
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        {...deletion.dialog}
        message={`This will permanently remove ${deletion.pending?.name ?? 'this file'}. Are you sure?`}
      />
    </SectionCard>
  );
}
