import { useState, type ReactNode } from 'react';
import { Button, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { errorMessage, useSavedReplyMutations } from '@portal/api-client';
import { savedReplyUpdate } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { useT } from './messages';

/** A saved reply being written: a new one (`id` null) or an existing one (docs/product/saved-replies.md). */
export interface SavedReplyDraft {
  id: number | null;
  title: string;
  body: string;
}

/** The first catalogue message the contract gives for a title and text, or null when they may be saved. */
function problemOf(draft: SavedReplyDraft): string | null {
  const parsed = savedReplyUpdate.safeParse({ title: draft.title, body: draft.body });
  return parsed.success ? null : parsed.error.issues[0]?.message ?? MESSAGES.savedReplyNotSaved;
}

/**
 * Adding, editing and deleting saved replies, shared ones (Admin Settings) or one's own (the note editor's picker):
 * the draft, the request under way and its failure, kept in the catalogue's words.
 */
export function useSavedReplyEditing(shared: boolean) {
  const { create, update, remove } = useSavedReplyMutations();
  const [editing, setEditing] = useState<SavedReplyDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, then: () => void) {
    setBusy(true);
    setError(null);
    try {
      await work();
      then();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.savedReplyNotSaved));
    } finally {
      setBusy(false);
    }
  }

  function stopEditing() {
    setEditing(null);
    setError(null);
  }

  function save(draft: SavedReplyDraft) {
    const problem = problemOf(draft);
    if (problem) {
      setError(problem);
      return;
    }
    const body = { title: draft.title, body: draft.body };
    void run(() => (draft.id === null ? create({ ...body, shared }) : update(draft.id, body)), () => setEditing(null));
  }

  const removeReply = (id: number, then: () => void) => void run(() => remove(id), then);

  return { editing, setEditing, busy, error, save, stopEditing, removeReply };
}

export interface SavedReplyFormProps {
  draft: SavedReplyDraft;
  busy: boolean;
  onChange(draft: SavedReplyDraft): void;
  onSave(draft: SavedReplyDraft): void;
  onCancel(): void;
  /** The text field's rows. */
  rows: number;
  /** The line under the text field. */
  helper: ReactNode;
  /** What goes above the buttons (the failure, where the form shows it). */
  children?: ReactNode;
}

/** The title and Markdown text of a saved reply, with Cancel and Save; a failed save keeps what was typed. */
export function SavedReplyForm({ draft, busy, onChange, onSave, onCancel, rows, helper, children }: SavedReplyFormProps) {
  const t = useT();
  return (
    <Stack asChild gap="3">
      <form
        noValidate
        aria-label={draft.id === null ? t('savedReply.newLabel') : t('savedReply.editLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          onSave(draft);
        }}
      >
        <Field.Root required>
          <Field.Label>{t('savedReply.title')}</Field.Label>
          <Input value={draft.title} onChange={(event) => onChange({ ...draft, title: event.target.value })} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('savedReply.text')}</Field.Label>
          <Textarea rows={rows} value={draft.body} onChange={(event) => onChange({ ...draft, body: event.target.value })} />
          <Field.HelperText>{helper}</Field.HelperText>
        </Field.Root>
        {children}
        <HStack justify="end">
          <Button size="sm" variant="outline" onClick={onCancel} disabled={busy}>{t('savedReply.cancel')}</Button>
          <Button size="sm" colorPalette="blue" type="submit" loading={busy}>{t('savedReply.save')}</Button>
        </HStack>
      </form>
    </Stack>
  );
}
