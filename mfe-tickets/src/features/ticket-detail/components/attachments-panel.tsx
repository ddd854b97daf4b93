import { useRef, useState } from 'react';
import { Box, Button, HStack, IconButton, Link, List, Stack, Text } from '@chakra-ui/react';
import { Paperclip, Trash2, Upload } from 'lucide-react';
import type { Attachment } from '@portal/contract';
import { errorMessage, useAttachmentMutations, useTicketAttachments } from '@portal/api-client';
import { ATTACHMENT_ACCEPT, intlLocale, type Locale } from '@portal/domain';
import { useSession } from '@portal/session';
import { ConfirmDialog, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../../messages';
import { SectionCard } from './section-card';

/** '1.5 MB', '12 KB' ('1,5 MB' in German). */
function fileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  const digits = megabytes ? 1 : 0;
  const number = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return megabytes ? `${number.format(bytes / (1024 * 1024))} MB` : `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** The upload's progress as a bar (role progressbar, 0-100). */
function UploadProgress({ fraction }: { fraction: number }) {
  const t = useT();
  const percent = Math.round(fraction * 100);
  return (
    <Box role="progressbar" aria-label={t('attachments.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="2" bg="bg.muted" rounded="full" overflow="hidden">
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
  const t = useT();
  const locale = useSession((s) => s.language);

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
      title={t('attachments.heading')}
      actions={
        <Button size="xs" variant="outline" onClick={() => input.current?.click()} loading={progress !== null} loadingText={t('attachments.uploading')}>
          <Upload /> {t('attachments.upload')}
        </Button>
      }
    >
      <Stack gap="3">
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-label={t('attachments.attach')}
          hidden
          onChange={(event) => void send([...(event.target.files ?? [])])}
        />
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
        <ErrorAlert message={error} />
        {attachments && attachments.length > 0 ? (
          <List.Root gap="1" variant="plain" aria-label={t('attachments.list')}>
            {attachments.map((attachment) => (
              <List.Item key={attachment.attachment_id} display="flex" alignItems="center" gap="2">
                <Paperclip size="14" aria-hidden />
                <Link href={attachment.url} download={attachment.name} colorPalette="blue" variant="underline">
                  {attachment.name}
                </Link>
                <Text as="span" fontSize="xs" color="fg.muted">
                  {fileSize(attachment.size, locale)}
                </Text>
                {canDelete(attachment) ? (
                  <HStack ms="auto">
                    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('attachments.delete', { name: attachment.name })} onClick={() => deletion.ask(attachment)}>
                      <Trash2 />
                    </IconButton>
                  </HStack>
                ) : null}
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t('attachments.none')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        {...deletion.dialog}
        message={deletion.pending ? t('attachments.confirmDelete', { name: deletion.pending.name }) : t('attachments.confirmDeleteFile')}
      />
    </SectionCard>
  );
}
