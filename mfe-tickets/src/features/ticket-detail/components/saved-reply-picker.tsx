import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useSavedReplies, useSavedReplyMutations } from '@portal/api-client';
import type { SavedReply } from '@portal/contract';
import { MESSAGES, canUseSavedReplies } from '@portal/domain';
import { useViewer } from '@portal/session';
import { ErrorAlert, type MarkdownEditorHandle } from '@portal/ui';
import { SAVED_REPLY_SHORTCUT, opensSavedReplies } from './saved-reply-keys';
import { SavedReplyManager } from './saved-reply-manager';

/** Every word typed appears in the title or the text (any case). */
export function matchesSavedReply(reply: SavedReply, search: string): boolean {
  const haystack = `${reply.title}\n${reply.body}`.toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

const preview = (body: string) => (body.length > 90 ? `${body.slice(0, 90)}…` : body).replace(/\s+/g, ' ');

/**
 * Saved replies for the note editor (docs/product/saved-replies.md), staff only: `children` is the editor. `/` at the
 * start of an empty line, Ctrl+/ or the Saved replies button opens a searchable list; Enter (or a click) inserts the
 * chosen reply at the cursor with its tokens filled by the API, which counts the use. The text stays editable.
 */
export function SavedReplyPicker({ ticketId, editorRef, children }: { ticketId: number; editorRef: RefObject<MarkdownEditorHandle | null>; children: ReactNode }) {
  const viewer = useViewer();
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
        <Button size="xs" variant="outline" onClick={openPicker}>Saved replies</Button>
        <Text fontSize="xs" color="fg.muted">Type / on an empty line or press {SAVED_REPLY_SHORTCUT} to insert a saved reply.</Text>
      </HStack>
      {open ? <PickerDialog ticketId={ticketId} ownerId={viewer.contactId} onClose={close} /> : null}
    </>
  );
}

function PickerDialog({ ticketId, ownerId, onClose }: { ticketId: number; ownerId: number; onClose(inserted: string | null): void }) {
  const { data: replies, error: loadError } = useSavedReplies();
  const { fill } = useSavedReplyMutations();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [managing, setManaging] = useState(false);
  const [inserting, setInserting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const listId = useId();
  const shown = useMemo(() => (replies ?? []).filter((reply) => matchesSavedReply(reply, search)), [replies, search]);
  const current = shown[Math.min(active, shown.length - 1)];

  async function insert(reply: SavedReply | undefined) {
    if (!reply || inserting) return;
    setInserting(true);
    setError(null);
    try {
      const { text } = await fill(reply.id, ticketId);
      onClose(text);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.savedReplyNotFound));
      setInserting(false);
    }
  }

  return (
    <Dialog.Root
      open
      onOpenChange={({ open }) => {
        if (!open) onClose(null);
      }}
      initialFocusEl={() => input.current}
      restoreFocus={false}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Saved replies</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {managing ? <SavedReplyManager replies={replies ?? []} ownerId={ownerId} onDone={() => setManaging(false)} /> : (
                <Stack gap="3">
                  <Input
                    ref={input}
                    aria-label="Search saved replies"
                    placeholder="Search by title or text"
                    value={search}
                    role="combobox"
                    aria-expanded="true"
                    aria-controls={listId}
                    aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
                    onChange={(event) => {
                      setSearch(event.target.value);
                      setActive(0);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, Math.max(shown.length - 1, 0)));
                      else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
                      else if (event.key === 'Enter') void insert(current);
                      else return;
                      event.preventDefault();
                    }}
                  />
                  <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} size="sm" />
                  <Stack as="ul" role="listbox" id={listId} aria-label="Saved replies found" gap="1" maxH="320px" overflowY="auto" listStyleType="none">
                    {shown.map((reply) => (
                      <Box
                        as="li"
                        key={reply.id}
                        id={`${listId}-${reply.id}`}
                        role="option"
                        aria-selected={reply === current}
                        p="2"
                        rounded="md"
                        cursor="pointer"
                        bg={reply === current ? 'blue.subtle' : undefined}
                        onMouseEnter={() => setActive(shown.indexOf(reply))}
                        onClick={() => void insert(reply)}
                      >
                        <HStack gap="2">
                          <Text fontWeight="semibold">{reply.title}</Text>
                          <Badge size="xs" variant="subtle" colorPalette={reply.owner_id === null ? 'gray' : 'blue'}>
                            {reply.owner_id === null ? 'Shared' : 'Mine'}
                          </Badge>
                        </HStack>
                        <Text fontSize="sm" color="fg.muted">{preview(reply.body)}</Text>
                      </Box>
                    ))}
                  </Stack>
                  {replies && shown.length === 0 ? (
                    <Text color="fg.muted" fontSize="sm">{replies.length === 0 ? 'No saved replies yet.' : 'No saved replies match.'}</Text>
                  ) : null}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              {managing ? <span /> : <Button size="sm" variant="ghost" onClick={() => setManaging(true)}>Manage my saved replies</Button>}
              <Text fontSize="xs" color="fg.muted">↑ ↓ to choose, Enter to insert, Esc to close</Text>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
