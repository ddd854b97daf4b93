import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { canUseSavedReplies } from '@portal/domain';
import { useViewer } from '@portal/session';
import type { MarkdownEditorHandle } from '@portal/ui';
import { useT } from '../../../messages';
import { SAVED_REPLY_SHORTCUT, opensSavedReplies } from './saved-reply-keys';

const PickerDialog = lazy(() => import('./saved-reply-picker-dialog').then((module) => ({ default: module.PickerDialog })));

/**
 * Saved replies for the note editor (docs/product/saved-replies.md), staff only: `children` is the editor. `/` at the
 * start of an empty line, Ctrl+/ or the Saved replies button opens a searchable list; Enter (or a click) inserts the
 * chosen reply at the cursor with its tokens filled by the API, which counts the use. The text stays editable.
 */
export function SavedReplyPicker({ ticketId, editorRef, children }: { ticketId: number; editorRef: RefObject<MarkdownEditorHandle | null>; children: ReactNode }) {
  const viewer = useViewer();
  const t = useT();
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  // What the picker closed with: the text to insert, or null (back where the focus was). Acted on once the
  // dialog is gone, so its focus trap does not take the focus back from the editor.
  const closedWith = useRef<{ text: string | null } | null>(null);
  useEffect(() => {
    const closed = closedWith.current;
    if (open || !closed) return undefined;
    closedWith.current = null;
    const timer = setTimeout(() => {
      if (closed.text !== null) editorRef.current?.insertText(closed.text);
      else returnTo.current?.focus();
    });
    return () => clearTimeout(timer);
  }, [open, editorRef]);
  if (!viewer || !canUseSavedReplies(viewer)) return <>{children}</>;

  function openPicker() {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }

  function close(inserted: string | null) {
    closedWith.current = { text: inserted };
    setOpen(false);
  }

  return (
    <>
      <Box
        width="full"
        onKeyDownCapture={(event) => {
          if (!opensSavedReplies(event)) return;
          event.preventDefault();
          event.stopPropagation();
          openPicker();
        }}
      >
        {children}
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" onClick={openPicker}>{t('savedReplies.title')}</Button>
        <Text fontSize="xs" color="fg.muted">{t('savedReplies.hint', { shortcut: SAVED_REPLY_SHORTCUT })}</Text>
      </HStack>
      {open ? <Suspense fallback={null}><PickerDialog ticketId={ticketId} ownerId={viewer.contactId} onClose={close} /></Suspense> : null}
    </>
  );
}
