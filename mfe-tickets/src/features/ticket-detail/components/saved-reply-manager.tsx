import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { SavedReply } from '@portal/contract';
import { SAVED_REPLY_TOKENS } from '@portal/domain';
import { SavedReplyForm, useSavedReplyEditing } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

/** A staff member's own saved replies, from the picker: add, edit, delete (shared ones are managed in Admin Settings). */
export function SavedReplyManager({ replies, ownerId, onDone }: { replies: readonly SavedReply[]; ownerId: number; onDone(): void }) {
  const { editing, setEditing, busy, error, save, stopEditing, removeReply } = useSavedReplyEditing(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const mine = replies.filter((reply) => reply.owner_id === ownerId);
  const t = useT();

  if (editing) {
    return (
      <SavedReplyForm
        draft={editing}
        busy={busy}
        onChange={setEditing}
        onSave={save}
        onCancel={stopEditing}
        rows={6}
        helper={t('savedReplies.tokens', { tokens: SAVED_REPLY_TOKENS.map((token) => `{{${token}}}`).join(' ') })}
      >
        <ErrorAlert message={error} size="sm" />
      </SavedReplyForm>
    );
  }

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">{t('savedReplies.ownIntro')}</Text>
      <ErrorAlert message={error} size="sm" />
      {mine.length === 0 ? <Text fontSize="sm">{t('savedReplies.noneOwn')}</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t('savedReplies.myList')}>
        {mine.map((reply) => (
          <HStack as="li" key={reply.id} justify="space-between" gap="2">
            <Text fontWeight="semibold" truncate>{reply.title}</Text>
            <HStack gap="1">
              <Button size="xs" variant="ghost" aria-label={t('savedReplies.editReply', { title: reply.title })} onClick={() => setEditing({ id: reply.id, title: reply.title, body: reply.body })}>
                {t('savedReplies.edit')}
              </Button>
              {deleting === reply.id ? (
                <Button size="xs" colorPalette="red" loading={busy} onClick={() => removeReply(reply.id, () => setDeleting(null))}>
                  {t('savedReplies.confirmDelete', { title: reply.title })}
                </Button>
              ) : (
                <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('savedReplies.deleteReply', { title: reply.title })} onClick={() => setDeleting(reply.id)}>
                  {t('savedReplies.delete')}
                </Button>
              )}
            </HStack>
          </HStack>
        ))}
      </Stack>
      <HStack justify="space-between">
        <Button size="sm" variant="outline" onClick={() => setEditing({ id: null, title: '', body: '' })}>{t('savedReplies.add')}</Button>
        <Button size="sm" variant="ghost" onClick={onDone}>{t('savedReplies.back')}</Button>
      </HStack>
    </Stack>
  );
}
