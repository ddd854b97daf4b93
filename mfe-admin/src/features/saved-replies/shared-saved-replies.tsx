import { useState } from 'react';
import { Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useSavedReplies } from '@portal/api-client';
import type { SavedReply } from '@portal/contract';
import { SAVED_REPLY_TOKENS } from '@portal/domain';
import { SavedReplyForm, useSavedReplyEditing } from '@portal/features';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/**
 * Admin Settings, Saved replies (docs/product/saved-replies.md): the replies shared with the whole staff, with how
 * often each was inserted; add, edit, delete. Staff keep their own from the note editor's picker.
 */
export function SharedSavedReplies() {
  const t = useT();
  const { data, error: loadError } = useSavedReplies();
  const { editing, setEditing, busy, error, save, stopEditing, removeReply } = useSavedReplyEditing(true);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const shared = (data ?? []).filter((reply) => reply.owner_id === null);

  return (
    <Stack gap="4" as="section" aria-label={t('savedReplies.heading')}>
      <Heading size="md">{t('savedReplies.heading')}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('savedReplies.intro', { tokens: SAVED_REPLY_TOKENS.map((token) => `{{${token}}}`).join(' ') })}
      </Text>
      <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} />
      {editing ? (
        <SavedReplyForm draft={editing} busy={busy} onChange={setEditing} onSave={save} onCancel={stopEditing} rows={8} helper={t('savedReplies.markdownHint')} />
      ) : (
        <HStack><Button size="sm" colorPalette="blue" onClick={() => setEditing({ id: null, title: '', body: '' })}>{t('savedReplies.add')}</Button></HStack>
      )}
      {data && shared.length === 0 ? <Text>{t('savedReplies.empty')}</Text> : null}
      {shared.length > 0 ? (
        <Table.Root size="sm" aria-label={t('savedReplies.table')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('savedReplies.title')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('savedReplies.uses')}</Table.ColumnHeader>
              <Table.ColumnHeader><Text srOnly>{t('savedReplies.actions')}</Text></Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shared.map((reply) => (
              <Table.Row key={reply.id}>
                <Table.Cell>{reply.title}</Table.Cell>
                <Table.Cell textAlign="end">{reply.usage_count}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" aria-label={t('savedReplies.editOf', { title: reply.title })} onClick={() => setEditing({ id: reply.id, title: reply.title, body: reply.body })}>
                    {t('savedReplies.edit')}
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('savedReplies.deleteOf', { title: reply.title })} onClick={() => setDeleting(reply)}>
                    {t('savedReplies.delete')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('savedReplies.deleteTitle')}
        message={deleting ? t('savedReplies.deleteMessage', { title: deleting.title }) : ''}
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
