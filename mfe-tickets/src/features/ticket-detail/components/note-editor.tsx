import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useActivityMutations, useAttachmentMutations, usePresenceTyping, useTicket } from '@portal/api-client';
import { activityCreate, type Activity } from '@portal/contract';
import { MESSAGES, canWriteInternalNote, defaultNoteVisibility } from '@portal/domain';
import { formResolver, NoteVisibilityChoice } from '@portal/features';
import { useViewer } from '@portal/session';
import { MarkdownEditor, ErrorAlert, type MarkdownEditorHandle } from '@portal/ui';
import { useT } from '../../../messages';
import { useNoteDraft } from '../hooks/use-note-draft';
import { useNoteVisibility } from '../hooks/use-note-visibility';
import { AttachFilesButton, NoteFiles, useNoteFiles } from './note-files';
import { NewReplyWarning, useRepliesSinceOpened } from './new-reply-warning';
import { SavedReplyPicker } from './saved-reply-picker';

/** The activity editor is 150 px high (docs/product/tickets.md#markdown-editor). */
const NOTE_EDITOR_HEIGHT = 150;

interface NewNote {
  note: string;
}

/** Staff's editor sits in a frame that turns amber for an internal note, so the choice shows before sending. */
const STAFF_FRAME = { p: '2', rounded: 'md', borderWidth: '1px' } as const;
const FRAME = {
  internal: { ...STAFF_FRAME, bg: 'yellow.subtle', borderColor: 'yellow.emphasized' },
  public: { ...STAFF_FRAME, borderColor: 'border' },
} as const;

/** The note as the API takes it (not blank); Add Note waits for one, so the message is not shown. */
const resolver = formResolver<NewNote>(activityCreate.pick({ note: true }), MESSAGES.activityNotCreated);

/**
 * A new activity note. Empty notes are not sent; the draft survives reloads until it is sent. Staff choose a
 * reply or an internal note first (docs/product/tickets.md#internal-notes); the ticket is the page's (same SWR key).
 */
export function NoteEditor({ ticketId, feed }: { ticketId: number; feed?: readonly Activity[] }) {
  const { draft, setDraft, clear } = useNoteDraft(ticketId);
  const { create } = useActivityMutations(ticketId);
  const viewer = useViewer();
  const { data: ticket } = useTicket(ticketId);
  const staff = viewer !== null && canWriteInternalNote(viewer);
  const choice = useNoteVisibility(ticketId, ticket ? defaultNoteVisibility(ticket) : null);
  const internal = staff && choice.visibility === 'internal';
  // Who is on the ticket and the replies that came meanwhile (docs/product/tickets.md#who-is-on-the-ticket).
  const presence = usePresenceTyping(ticketId);
  const replies = useRepliesSinceOpened(feed, viewer?.contactId ?? 0);
  const [asked, setAsked] = useState(false);
  const newReply = asked ? replies.unseen[0] : undefined;
  const files = useNoteFiles();
  const { upload } = useAttachmentMutations(ticketId);
  const { control, handleSubmit, reset, watch, formState } = useForm<NewNote>({ resolver, defaultValues: { note: draft } });
  const { field } = useController({ control, name: 'note' });
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<MarkdownEditorHandle>(null);
  const sending = formState.isSubmitting;
  const empty = field.value.trim() === '';
  const t = useT();

  // Every change is kept for a reload, until the note is sent.
  useEffect(() => {
    const subscription = watch((values) => setDraft(values.note ?? ''));
    return () => subscription.unsubscribe();
  }, [watch, setDraft]);

  const send = handleSubmit(async ({ note }) => {
    setError(null);
    try {
      // The files first, as the note is now (internal or a reply): a refused one sends nothing and keeps the note.
      if (files.files.length > 0) {
        await upload(files.files, { internal });
        files.clear();
      }
      await create(note.trim(), staff ? { internal } : {});
      reset({ note: '' });
      clear();
      presence.stopped();
      replies.seenAll();
      choice.sent();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.activityNotCreated));
    }
  });

  return (
    <Stack gap="2" {...(staff ? FRAME[internal ? 'internal' : 'public'] : {})} {...files.catchFiles}>
      {staff ? <NoteVisibilityChoice value={choice.visibility} onChange={choice.choose} /> : null}
      {internal ? <Text fontSize="sm" fontWeight="semibold" color="yellow.fg">{t('note.internalHint')}</Text> : null}
      <ErrorAlert message={error} />
      {newReply ? (
        <NewReplyWarning
          reply={newReply}
          onView={() => {
            replies.seenAll();
            setAsked(false);
          }}
          onSendAnyway={() => {
            replies.seenAll();
            setAsked(false);
            void send();
          }}
        />
      ) : null}
      <SavedReplyPicker ticketId={ticketId} editorRef={editor}>
        <MarkdownEditor
          label={t('note.label')}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            presence.typing(internal ? 'noting' : 'replying');
          }}
          onBlur={() => {
            field.onBlur();
            presence.stopped();
          }}
          height={NOTE_EDITOR_HEIGHT}
          placeholder={t('note.placeholder')}
          editorRef={editor}
        />
      </SavedReplyPicker>
      <NoteFiles files={files.files} onRemove={files.remove} who={staff ? (internal ? 'internal' : 'public') : null} disabled={sending} />
      <HStack justify="end">
        <AttachFilesButton onAdd={files.add} disabled={sending} />
        <Button size="sm" colorPalette="blue" onClick={() => (replies.unseen.length > 0 ? setAsked(true) : void send())} disabled={empty || (staff && choice.visibility === null)} loading={sending}>
          {staff ? (internal ? t('note.addInternal') : t('note.sendReply')) : t('note.add')}
        </Button>
      </HStack>
    </Stack>
  );
}
