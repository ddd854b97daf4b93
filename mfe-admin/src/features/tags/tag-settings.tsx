import { useState, type FormEvent } from 'react';
import { Button, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useTagMutations, useTags } from '@portal/api-client';
import type { Tag } from '@portal/contract';
import { MESSAGES, TAG_NAME_MAX } from '@portal/domain';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';

/**
 * Admin Settings, Tags (docs/product/tags-and-views.md#managing-tags): every tag with how many tickets carry it;
 * rename (a name another tag has merges the two) and delete (it goes from every ticket). Staff add tags on tickets.
 */
export function TagSettings() {
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
    <Stack gap="4" as="section" aria-label="Tags">
      <Heading size="md">Tags</Heading>
      <Text color="fg.muted" fontSize="sm">
        Staff tag tickets on the ticket screen and filter the list and board by tag. Clients never see tags. Renaming a tag to
        another tag&apos;s name merges the two.
      </Text>
      <ErrorAlert message={error ?? (loadError && !data ? errorMessage(loadError) : null)} />
      {!data && !loadError ? <Text color="fg.muted">{MESSAGES.loading}</Text> : null}
      {data && data.length === 0 ? <Text>No tags yet.</Text> : null}
      {data && data.length > 0 ? (
        <Table.Root size="sm" aria-label="Tags in use">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Tag</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Tickets</Table.ColumnHeader>
              <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((tag) => (
              <Table.Row key={tag.id}>
                <Table.Cell>
                  {renaming?.tag.id === tag.id ? (
                    <HStack as="form" gap="2" onSubmit={rename}>
                      <Input size="xs" aria-label={`New name for ${tag.name}`} value={renaming.name} maxLength={TAG_NAME_MAX} autoFocus
                        onChange={(event) => setRenaming({ tag, name: event.target.value })} />
                      <Button size="xs" type="submit" colorPalette="blue" loading={busy}>Save</Button>
                      <Button size="xs" variant="ghost" onClick={() => setRenaming(null)}>Cancel</Button>
                    </HStack>
                  ) : tag.name}
                </Table.Cell>
                <Table.Cell textAlign="end">{tag.usage_count}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" aria-label={`Rename ${tag.name}`} onClick={() => setRenaming({ tag, name: tag.name })}>
                    Rename
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${tag.name}`} onClick={() => setDeleting(tag)}>
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
        title="Delete tag"
        message={deleting ? `Delete the tag “${deleting.name}” from ${deleting.usage_count === 1 ? '1 ticket' : `${deleting.usage_count} tickets`}?` : ''}
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
