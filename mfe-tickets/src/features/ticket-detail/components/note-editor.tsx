import { useState } from 'react';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { errorMessage, useActivityMutations } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { MarkdownEditor, ErrorAlert } from '@portal/ui';
import { useNoteDraft } from '../hooks/use-note-draft';

/** The activity editor is 150 px high (docs/product/tickets.md#markdown-editor). */
const NOTE_EDITOR_HEIGHT = 150;

/** A new activity note. Empty notes are not sent; the draft survives reloads until it is sent. */
export function NoteEditor({ ticketId }: { ticketId: number }) {
  const { draft, setDraft, clear } = useNoteDraft(ticketId);
  const { create } = useActivityMutations(ticketId);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = draft.trim() === '';

  async function send() {
    if (empty || sending) return;
    setSending(true);
    setError(null);
    try {
      await create(draft.trim());
      clear();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.activityNotCreated));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="2">
      <ErrorAlert message={error} />
      <MarkdownEditor label="New note" value={draft} onChange={setDraft} height={NOTE_EDITOR_HEIGHT} placeholder="Write a note…" />
      <HStack justify="end">
        <Button size="sm" colorPalette="blue" onClick={() => void send()} disabled={empty} loading={sending}>
          Add Note
        </Button>
      </HStack>
    </Stack>
  );
}
