import { useState } from 'react';
import { Button, Field, HStack, Heading, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useSavedReplies, useSavedReplyMutations } from '@portal/api-client';
import { savedReplyUpdate, type SavedReply } from '@portal/contract';
import { MESSAGES, SAVED_REPLY_TOKENS } from '@portal/domain';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';

type Editing = { id: number | null; title: string; body: string };

/**
 * Admin Settings, Saved replies (docs/product/saved-replies.md): the replies shared with the whole staff, with how
 * often each was inserted; add, edit, delete. Staff keep their own from the note editor's picker.
 */
export function SharedSavedReplies() {
  const { data, error: loadError } = useSavedReplies();
  const { create, update, remove } = useSavedReplyMutations();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shared = (data ?? []).filter((reply) => reply.owner_id === null);

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

  function save(values: Editing) {
    const parsed = savedReplyUpdate.safeParse({ title: values.title, body: values.body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.savedReplyNotSaved);
      return;
    }
    const body = { title: values.title, body: values.body };
    void run(() => (values.id === null ? create({ ...body, shared: true }) : update(values.id, body)), () => setEditing(null));
  }

  return (
    <Stack gap="4" as="section" aria-label="Saved replies">
      <Heading size="md">Saved replies</Heading>
      <Text color="fg.muted" fontSize="sm">
        Shared with every staff member in the note editor&apos;s picker. Tokens are filled when a reply is inserted:{' '}
        {SAVED_REPLY_TOKENS.map((token) => `{{${token}}}`).join(' ')}
      </Text>
      <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} />
      {editing ? (
        <Stack asChild gap="3">
          <form
            noValidate
            aria-label={editing.id === null ? 'New saved reply' : 'Edit saved reply'}
            onSubmit={(event) => {
              event.preventDefault();
              save(editing);
            }}
          >
            <Field.Root required>
              <Field.Label>Title</Field.Label>
              <Input value={editing.title} onChange={(event) => setEditing({ ...editing, title: event.target.value })} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>Text</Field.Label>
              <Textarea rows={8} value={editing.body} onChange={(event) => setEditing({ ...editing, body: event.target.value })} />
              <Field.HelperText>Markdown, as in a note.</Field.HelperText>
            </Field.Root>
            <HStack justify="end">
              <Button variant="outline" size="sm" onClick={stopEditing} disabled={busy}>Cancel</Button>
              <Button colorPalette="blue" size="sm" type="submit" loading={busy}>Save</Button>
            </HStack>
          </form>
        </Stack>
      ) : (
        <HStack><Button size="sm" colorPalette="blue" onClick={() => setEditing({ id: null, title: '', body: '' })}>Add a saved reply</Button></HStack>
      )}
      {data && shared.length === 0 ? <Text>No shared saved replies yet.</Text> : null}
      {shared.length > 0 ? (
        <Table.Root size="sm" aria-label="Shared saved replies">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Title</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Uses</Table.ColumnHeader>
              <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shared.map((reply) => (
              <Table.Row key={reply.id}>
                <Table.Cell>{reply.title}</Table.Cell>
                <Table.Cell textAlign="end">{reply.usage_count}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" aria-label={`Edit ${reply.title}`} onClick={() => setEditing({ id: reply.id, title: reply.title, body: reply.body })}>
                    Edit
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${reply.title}`} onClick={() => setDeleting(reply)}>
                    Delete
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete saved reply"
        message={deleting ? `Delete the saved reply “${deleting.title}” for every staff member?` : ''}
        busy={busy}
        onConfirm={() => {
          const target = deleting;
          if (target) void run(() => remove(target.id), () => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
