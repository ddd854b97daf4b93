import { useState } from 'react';
import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useOptionMutations } from '@portal/api-client';
import { toLookupColor, type ListUsage, type LookupColor, type LookupItem } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';
import type { DefaultListSpec } from './default-list-names';
import { addLookupItem, deleteBlockReason } from './list-edit';

const COLORS: readonly LookupColor[] = ['red', 'orange', 'green', 'blue'];

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
  const [newId, setNewId] = useState('');
  const [newName, setNewName] = useState('');
  const [newColor, setNewColor] = useState<LookupColor>('blue');
  const { save } = useOptionMutations();
  const { saving, error, saved: done, run, changed } = useSaveState();
  const added = addLookupItem(items, { id: newId, name: newName, color: spec.withColor ? newColor : undefined });

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
        onSubmit={(event) => {
          event.preventDefault();
          if (!added.ok) return;
          setItems(added.items);
          setEdited(true);
          changed();
          setNewId('');
          setNewName('');
        }}
      >
        <Field.Root w="20">
          <Field.Label>ID</Field.Label>
          <Input size="sm" inputMode="numeric" value={newId} onChange={(e) => setNewId(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Input size="sm" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} />
        </Field.Root>
        {spec.withColor ? (
          <Field.Root w="28" flexShrink={0}>
            <Field.Label>Colour</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={newColor} onChange={(e) => setNewColor(toLookupColor(e.currentTarget.value))}>
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
