import { useCallback, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button, IconButton, List, Stack, Text } from '@chakra-ui/react';
import { Paperclip, X } from 'lucide-react';
import { ATTACHMENT_ACCEPT } from '@portal/domain';
import { useT } from '../../../messages';

// Files sent with a note (docs/product/tickets.md#internal-notes): chosen, dropped or pasted while it is written,
// uploaded when it is sent, internal with an internal note and public with a reply, whichever is chosen at that
// moment. They are kept here until then: a File does not survive a reload, unlike the draft's text.

/** The files waiting for the note, and the handlers that take files dropped or pasted on the editor. */
export function useNoteFiles() {
  const [files, setFiles] = useState<File[]>([]);
  const add = useCallback((more: readonly File[]) => {
    if (more.length > 0) setFiles((current) => [...current, ...more]);
  }, []);
  const remove = useCallback((index: number) => setFiles((current) => current.filter((_, at) => at !== index)), []);
  const clear = useCallback(() => setFiles([]), []);
  // Caught before the editor sees them, so a file is never pasted as its name; text goes to the editor as before.
  const catchFiles = useMemo(() => ({
    onDragOverCapture(event: DragEvent) {
      if (Array.from(event.dataTransfer.types).includes('Files')) event.preventDefault();
    },
    onDropCapture(event: DragEvent) {
      const dropped = Array.from(event.dataTransfer.files);
      if (dropped.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      add(dropped);
    },
    onPasteCapture(event: ClipboardEvent) {
      const pasted = Array.from(event.clipboardData.files);
      if (pasted.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      add(pasted);
    },
  }), [add]);
  return { files, add, remove, clear, catchFiles };
}

/** 'Attach files': picks files for the note (the types an upload accepts). */
export function AttachFilesButton({ onAdd, disabled }: { onAdd(files: File[]): void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-label={t('noteFiles.input')}
        hidden
        onChange={(event) => {
          onAdd(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Button size="sm" variant="ghost" onClick={() => input.current?.click()} disabled={disabled}>
        <Paperclip /> {t('noteFiles.attach')}
      </Button>
    </>
  );
}

/** The files waiting for the note, each removable; staff read who will see them, as the choice stands now. */
export function NoteFiles({ files, onRemove, who, disabled }: {
  files: readonly File[];
  onRemove(index: number): void;
  /** Staff's choice (null: a client, who has none). */
  who: 'internal' | 'public' | null;
  disabled: boolean;
}) {
  const t = useT();
  if (files.length === 0) return null;
  return (
    <Stack gap="1">
      <List.Root variant="plain" gap="1" aria-label={t('noteFiles.list')}>
        {files.map((file, index) => (
          <List.Item key={`${index}-${file.name}`} display="flex" alignItems="center" gap="2" fontSize="sm">
            <Paperclip size="14" aria-hidden />
            <Text as="span" wordBreak="break-all">{file.name}</Text>
            <IconButton size="2xs" variant="ghost" aria-label={t('noteFiles.remove', { name: file.name })} onClick={() => onRemove(index)} disabled={disabled}>
              <X />
            </IconButton>
          </List.Item>
        ))}
      </List.Root>
      {who === null ? null : (
        <Text fontSize="xs" color={who === 'internal' ? 'yellow.fg' : 'fg.muted'}>
          {who === 'internal' ? t('noteFiles.internal') : t('noteFiles.public')}
        </Text>
      )}
    </Stack>
  );
}
