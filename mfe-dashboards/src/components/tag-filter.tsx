import { NativeSelect } from '@chakra-ui/react';
import { useTags } from '@portal/api-client';
import { tagKey } from '@portal/domain';
import { useT } from '../messages';

/** The board's Tag filter (docs/product/tags-and-views.md#filtering-by-tag): one tag, or every ticket. */
export function TagFilter({ tags, onChange }: { tags: readonly string[]; onChange(tags: string[]): void }) {
  const t = useT();
  const { data } = useTags();
  const chosen = tags[0] ?? '';
  const names = (data ?? []).map((tag) => tag.name);
  // A tag from the address that the list does not (yet) hold still shows as chosen.
  if (chosen !== '' && !names.some((name) => tagKey(name) === tagKey(chosen))) names.unshift(chosen);
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field aria-label={t('tags.label')} value={names.find((name) => tagKey(name) === tagKey(chosen)) ?? ''}
        onChange={(event) => onChange(event.currentTarget.value === '' ? [] : [event.currentTarget.value])}>
        <option value="">{t('tags.all')}</option>
        {names.map((name) => <option key={name} value={name}>{name}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
