import { useState } from 'react';
import { Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useSavedReplies } from '@portal/api-client';
import type { SavedReply } from '@portal/contract';
import { SAVED_REPLY_TOKENS } from '@portal/domain';
import { SavedReplyForm, useSavedReplyEditing } from '@portal/features';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';

/**
 * Admin Settings, Saved replies (docs/product/saved-replies.md): the replies shared with the whole staff, with how
 * often each was inserted; add, edit, delete. Staff keep their own from the note editor's picker.
 */
export function SharedSavedReplies() {
  const { data, error: loadError } = useSavedReplies();
  const { editing, setEditing, busy, error, save, stopEditing, removeReply } = useSavedReplyEditing(true);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const shared = (data ?? []).filter((reply) => reply.owner_id === null);

  return (
    <Stack gap="4" as="section" aria-label="Saved replies">
      <Heading size="md">Saved replies</Heading>
      <Text color="fg.muted" fontSize="sm">
        Shared with every staff member in the note editor&apos;s picker. Tokens are filled when a reply is inserted:{' '}
        {SAVED_REPLY_TOKENS.map((token) => `{{${token}}}`).join(' ')}
      </Text>
      <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} />
      {editing ? (
        <SavedReplyForm draft={editing} busy={busy} onChange={setEditing} onSave={save} onCancel={stopEditing} rows={8} helper="Markdown, as in a note." />
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
          if (target) removeReply(target.id, () => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
