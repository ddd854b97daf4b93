import { useId, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, CloseButton, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useSavedReplies, useSavedReplyMutations } from '@portal/api-client';
import type { SavedReply } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';
import { SavedReplyManager } from './saved-reply-manager';

// The saved replies' list, opened from the note editor (saved-reply-picker.tsx): loaded with its first opening, so a
// ticket's first screen carries only the button and the keys that open it (docs/architecture.md#weight).

/** Every word typed appears in the title or the text (any case). */
export function matchesSavedReply(reply: SavedReply, search: string): boolean {
  const haystack = `${reply.title}\n${reply.body}`.toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

const preview = (body: string) => (body.length > 90 ? `${body.slice(0, 90)}…` : body).replace(/\s+/g, ' ');

/** The searchable list; Enter or a click inserts, Esc closes. */
export function PickerDialog({ ticketId, ownerId, onClose }: { ticketId: number; ownerId: number; onClose(inserted: string | null): void }) {
  const { data: replies, error: loadError } = useSavedReplies();
  const { fill } = useSavedReplyMutations();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [managing, setManaging] = useState(false);
  const [inserting, setInserting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const listId = useId();
  const t = useT();
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
              <Dialog.Title>{t('savedReplies.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {managing ? <SavedReplyManager replies={replies ?? []} ownerId={ownerId} onDone={() => setManaging(false)} /> : (
                <Stack gap="3">
                  <Input
                    ref={input}
                    aria-label={t('savedReplies.search')}
                    placeholder={t('savedReplies.searchPlaceholder')}
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
                  <Stack as="ul" role="listbox" id={listId} aria-label={t('savedReplies.found')} gap="1" maxH="320px" overflowY="auto" listStyleType="none">
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
                            {reply.owner_id === null ? t('savedReplies.shared') : t('savedReplies.mine')}
                          </Badge>
                        </HStack>
                        <Text fontSize="sm" color="fg.muted">{preview(reply.body)}</Text>
                      </Box>
                    ))}
                  </Stack>
                  {replies && shown.length === 0 ? (
                    <Text color="fg.muted" fontSize="sm">{replies.length === 0 ? t('savedReplies.none') : t('savedReplies.noMatch')}</Text>
                  ) : null}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              {managing ? <span /> : <Button size="sm" variant="ghost" onClick={() => setManaging(true)}>{t('savedReplies.manage')}</Button>}
              <Text fontSize="xs" color="fg.muted">{t('savedReplies.keys')}</Text>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('savedReplies.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
