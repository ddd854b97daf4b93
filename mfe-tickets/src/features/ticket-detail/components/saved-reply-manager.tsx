import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useSavedReplyMutations } from '@portal/api-client';
import { savedReplyUpdate, type SavedReply } from '@portal/contract';
import { MESSAGES, SAVED_REPLY_TOKENS } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';

type Editing = { id: number | null; title: string; body: string } | null;

/** The first catalogue message the contract gives for a title and text, or null when they may be saved. */
function problemOf(title: string, body: string): string | null {
  const parsed = savedReplyUpdate.safeParse({ title, body });
  return parsed.success ? null : parsed.error.issues[0]?.message ?? MESSAGES.savedReplyNotSaved;
}

/** A staff member's own saved replies, from the picker: add, edit, delete (shared ones are managed in Admin Settings). */
export function SavedReplyManager({ replies, ownerId, onDone }: { replies: readonly SavedReply[]; ownerId: number; onDone(): void }) {
  const { create, update, remove } = useSavedReplyMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = replies.filter((reply) => reply.owner_id === ownerId);

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

  if (editing) {
    const problem = problemOf(editing.title, editing.body);
    const save = () => {
      if (problem) {
        setError(problem);
        return;
      }
      const body = { title: editing.title, body: editing.body };
      void run(() => (editing.id === null ? create({ ...body, shared: false }) : update(editing.id, body)), () => setEditing(null));
    };
    return (
      <Stack asChild gap="3">
        <form
          noValidate
          aria-label={editing.id === null ? 'New saved reply' : 'Edit saved reply'}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Field.Root required>
            <Field.Label>Title</Field.Label>
            <Input value={editing.title} onChange={(event) => setEditing({ ...editing, title: event.target.value })} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Text</Field.Label>
            <Textarea rows={6} value={editing.body} onChange={(event) => setEditing({ ...editing, body: event.target.value })} />
            <Field.HelperText>Markdown. Tokens: {SAVED_REPLY_TOKENS.map((token) => `{{${token}}}`).join(' ')}</Field.HelperText>
          </Field.Root>
          <ErrorAlert message={error} size="sm" />
          <HStack justify="end">
            <Button size="sm" variant="outline" onClick={() => stopEditing()} disabled={busy}>Cancel</Button>
            <Button size="sm" colorPalette="blue" type="submit" loading={busy}>Save</Button>
          </HStack>
        </form>
      </Stack>
    );
  }

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">Your own saved replies: only you see them. Shared ones are managed by admins.</Text>
      <ErrorAlert message={error} size="sm" />
      {mine.length === 0 ? <Text fontSize="sm">You have no saved replies of your own yet.</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" aria-label="My saved replies">
        {mine.map((reply) => (
          <HStack as="li" key={reply.id} justify="space-between" gap="2">
            <Text fontWeight="semibold" truncate>{reply.title}</Text>
            <HStack gap="1">
              <Button size="xs" variant="ghost" aria-label={`Edit ${reply.title}`} onClick={() => setEditing({ id: reply.id, title: reply.title, body: reply.body })}>
                Edit
              </Button>
              {deleting === reply.id ? (
                <Button size="xs" colorPalette="red" loading={busy} onClick={() => void run(() => remove(reply.id), () => setDeleting(null))}>
                  Delete {reply.title}?
                </Button>
              ) : (
                <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${reply.title}`} onClick={() => setDeleting(reply.id)}>
                  Delete
                </Button>
              )}
            </HStack>
          </HStack>
        ))}
      </Stack>
      <HStack justify="space-between">
        <Button size="sm" variant="outline" onClick={() => setEditing({ id: null, title: '', body: '' })}>Add a saved reply</Button>
        <Button size="sm" variant="ghost" onClick={onDone}>Back to the list</Button>
      </HStack>
    </Stack>
  );
}
