import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useOptionMutations } from '@portal/api-client';
import { lookupItem } from '@portal/contract';
import { MESSAGES, toLookupColor, type ListUsage, type LookupColor, type LookupItem } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';
import type { DefaultListSpec } from './default-list-names';
import { addLookupItem, deleteBlockReason } from './list-edit';

const COLORS: readonly LookupColor[] = ['red', 'orange', 'green', 'blue'];

interface NewItem {
  id: string;
  name: string;
  color: LookupColor;
}

const EMPTY_ITEM: NewItem = { id: '', name: '', color: 'blue' };

/**
 * A new item as the list takes it (addLookupItem: an id and a name, the id a whole number not in
 * `items` yet), with its problem at the ID. Add waits for that, so the line under the form says it.
 */
function newItemSchema(items: readonly LookupItem[]) {
  return lookupItem.pick({ name: true, color: true }).loose().superRefine((values, context) => {
    const added = addLookupItem(items, { id: typeof values.id === 'string' ? values.id : '', name: values.name });
    if (!added.ok) context.addIssue({ code: 'custom', path: ['id'], message: added.problem ?? MESSAGES.fillAllFields });
  });
}

/**
 * The items with a Delete per item (not for locked or used ids), the add form, and Save, which
 * posts the whole list. A refused save shows the server's message and keeps the edits. Until this
 * admin edits the list it follows the saved one, so another admin's save shows here as it is pushed
 * (docs/architecture.md#a-live-update); unsaved edits are never replaced under the user.
 */
export function DefaultListEditor({ spec, saved, usage }: { spec: DefaultListSpec; saved: readonly LookupItem[]; usage: ListUsage }) {
  const [items, setItems] = useState<readonly LookupItem[]>(saved);
  const [edited, setEdited] = useState(false);
  const savedText = JSON.stringify(saved);
  const [shownText, setShownText] = useState(savedText);
  if (!edited && savedText !== shownText) {
    setShownText(savedText);
    setItems(saved);
  }
  // The add form checks against the list as it is shown.
  const resolver = useMemo(() => formResolver<NewItem>(newItemSchema(items), MESSAGES.fillAllFields), [items]);
  const { register, handleSubmit, reset, watch } = useForm<NewItem>({ resolver, defaultValues: EMPTY_ITEM });
  const typed = watch();
  const { save } = useOptionMutations();
  const { saving, error, saved: done, run, changed } = useSaveState();
  const colorOf = (item: NewItem) => (spec.withColor ? item.color : undefined);
  const added = addLookupItem(items, { id: typed.id, name: typed.name, color: colorOf(typed) });

  return (
    <Stack gap="3">
      <ErrorAlert message={error} size="sm" />
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            {spec.withColor ? <Table.ColumnHeader>Colour</Table.ColumnHeader> : null}
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => {
            const blocked = deleteBlockReason(spec.optionName, item, usage);
            return (
              <Table.Row key={item.id}>
                <Table.Cell>{item.id}</Table.Cell>
                <Table.Cell>{item.name}</Table.Cell>
                {spec.withColor ? (
                  <Table.Cell>
                    <HStack gap="1"><Box w="3" h="3" rounded="full" bg={`${toLookupColor(item.color)}.500`} />{item.color}</HStack>
                  </Table.Cell>
                ) : null}
                <Table.Cell textAlign="end">
                  <Button
                    variant="plain"
                    size="xs"
                    colorPalette="red"
                    disabled={blocked !== null}
                    title={blocked ?? undefined}
                    aria-label={`Delete ${item.name}`}
                    onClick={() => { setItems(items.filter((other) => other.id !== item.id)); setEdited(true); changed(); }}
                  >
                    Delete
                  </Button>
                  {blocked ? <Text fontSize="xs" color="fg.muted">{blocked}</Text> : null}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <HStack
        as="form"
        aria-label={`Add to ${spec.title}`}
        align="end"
        gap="2"
        onSubmit={(event) => void handleSubmit((item) => {
          const next = addLookupItem(items, { id: item.id, name: item.name, color: colorOf(item) });
          if (!next.ok) return;
          setItems(next.items);
          setEdited(true);
          changed();
          reset({ ...EMPTY_ITEM, color: item.color });
        })(event)}
      >
        <Field.Root w="20">
          <Field.Label>ID</Field.Label>
          <Input size="sm" inputMode="numeric" {...register('id')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Input size="sm" {...register('name')} />
        </Field.Root>
        {spec.withColor ? (
          <Field.Root w="28" flexShrink={0}>
            <Field.Label>Colour</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field {...register('color')}>
                {COLORS.map((color) => <option key={color} value={color}>{color}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <Button type="submit" size="sm" disabled={!added.ok}>Add</Button>
      </HStack>
      {!added.ok && added.problem ? <Text fontSize="sm" color="red.600">{added.problem}</Text> : null}
      <HStack>
        <Button
          colorPalette="blue"
          size="sm"
          loading={saving}
          onClick={() => void run(async () => {
            await save({ option_name: spec.optionName, option_value: items });
            setEdited(false);
          })}
        >
          Save
        </Button>
        {done ? <Text fontSize="sm" color="fg.success">Saved.</Text> : null}
      </HStack>
    </Stack>
  );
}
