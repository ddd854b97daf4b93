import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { errorMessage, useActivityMutations } from '@portal/api-client';
import { activityCreate } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { MarkdownEditor, ErrorAlert } from '@portal/ui';
import { useNoteDraft } from '../hooks/use-note-draft';

/** The activity editor is 150 px high (docs/product/tickets.md#markdown-editor). */
const NOTE_EDITOR_HEIGHT = 150;

interface NewNote {
  note: string;
}

/** The note as the API takes it (not blank); Add Note waits for one, so the message is not shown. */
const resolver = formResolver<NewNote>(activityCreate.pick({ note: true }), MESSAGES.activityNotCreated);

/** A new activity note. Empty notes are not sent; the draft survives reloads until it is sent. */
export function NoteEditor({ ticketId }: { ticketId: number }) {
  const { draft, setDraft, clear } = useNoteDraft(ticketId);
  const { create } = useActivityMutations(ticketId);
  const { control, handleSubmit, reset, watch, formState } = useForm<NewNote>({ resolver, defaultValues: { note: draft } });
  const { field } = useController({ control, name: 'note' });
  const [error, setError] = useState<string | null>(null);
  const sending = formState.isSubmitting;
  const empty = field.value.trim() === '';

  // Every change is kept for a reload, until the note is sent.
  useEffect(() => {
    const subscription = watch((values) => setDraft(values.note ?? ''));
    return () => subscription.unsubscribe();
  }, [watch, setDraft]);

  const send = handleSubmit(async ({ note }) => {
    setError(null);
    try {
      await create(note.trim());
      reset({ note: '' });
      clear();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.activityNotCreated));
    }
  });

  return (
    <Stack gap="2">
      <ErrorAlert message={error} />
      <MarkdownEditor
        label="New note"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        height={NOTE_EDITOR_HEIGHT}
        placeholder="Write a note…"
      />
      <HStack justify="end">
        <Button size="sm" colorPalette="blue" onClick={() => void send()} disabled={empty} loading={sending}>
          Add Note
        </Button>
      </HStack>
    </Stack>
  );
}
