import { useState, type FormEvent } from 'react';
import { Button, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useTagMutations, useTags } from '@portal/api-client';
import type { Tag } from '@portal/contract';
import { MESSAGES, TAG_NAME_MAX } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/**
 * Admin Settings, Tags (docs/product/tags-and-views.md#managing-tags): every tag with how many tickets carry it;
 * rename (a name another tag has merges the two) and delete (it goes from every ticket). Staff add tags on tickets.
 */
export function TagSettings() {
  const t = useT();
  const text = useMessageText();
  const { data, error: loadError } = useTags();
  const change = useTagMutations();
  const [renaming, setRenaming] = useState<{ tag: Tag; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, done: () => void) {
    setBusy(true);
    setError(null);
    try {
      await work();
      done();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming) void run(() => change.rename(renaming.tag.id, renaming.name), () => setRenaming(null));
  };

  return (
    <Stack gap="4" as="section" aria-label={t('tags.heading')}>
      <Heading size="md">{t('tags.heading')}</Heading>
      <Text color="fg.muted" fontSize="sm">{t('tags.intro')}</Text>
      <ErrorAlert message={error ?? (loadError && !data ? errorMessage(loadError) : null)} />
      {!data && !loadError ? <Text color="fg.muted">{text(MESSAGES.loading)}</Text> : null}
      {data && data.length === 0 ? <Text>{t('tags.none')}</Text> : null}
      {data && data.length > 0 ? (
        <Table.Root size="sm" aria-label={t('tags.table')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('tags.tag')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('tags.tickets')}</Table.ColumnHeader>
              <Table.ColumnHeader><Text srOnly>{t('tags.actions')}</Text></Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((tag) => (
              <Table.Row key={tag.id}>
                <Table.Cell>
                  {renaming?.tag.id === tag.id ? (
                    <HStack as="form" gap="2" onSubmit={rename}>
                      <Input size="xs" aria-label={t('tags.newName', { name: tag.name })} value={renaming.name} maxLength={TAG_NAME_MAX} autoFocus
                        onChange={(event) => setRenaming({ tag, name: event.target.value })} />
                      <Button size="xs" type="submit" colorPalette="blue" loading={busy}>{t('tags.save')}</Button>
                      <Button size="xs" variant="ghost" onClick={() => setRenaming(null)}>{t('tags.cancel')}</Button>
                    </HStack>
                  ) : tag.name}
                </Table.Cell>
                <Table.Cell textAlign="end">{tag.usage_count}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" aria-label={t('tags.renameTag', { name: tag.name })} onClick={() => setRenaming({ tag, name: tag.name })}>
                    {t('tags.rename')}
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('tags.deleteTag', { name: tag.name })} onClick={() => setDeleting(tag)}>
                    {t('tags.delete')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tags.deleteTitle')}
        message={deleting ? t('tags.deleteMessage', { name: deleting.name, count: deleting.usage_count }) : ''}
        busy={busy}
        onConfirm={() => {
          const target = deleting;
          if (target) void run(() => change.remove(target.id), () => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
