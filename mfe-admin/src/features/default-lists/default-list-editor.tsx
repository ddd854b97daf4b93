import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useOptionMutations } from '@portal/api-client';
import { lookupItem } from '@portal/contract';
import { MESSAGES, toLookupColor, type DefaultListLockCode, type DefaultListName, type ListUsage, type LookupColor, type LookupItem } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';
import type { DefaultListSpec } from './default-list-names';
import { addLookupItem, deleteBlockOf, type AddProblem, type DeleteBlock } from './list-edit';

const COLORS: readonly LookupColor[] = ['red', 'orange', 'green', 'blue'];

/** Each colour's name: a literal key per colour (scripts/check-messages.ts finds the keys it uses). */
const COLOR_LABELS = {
  red: 'defaultLists.colorRed',
  orange: 'defaultLists.colorOrange',
  green: 'defaultLists.colorGreen',
  blue: 'defaultLists.colorBlue',
} as const satisfies Record<LookupColor, string>;

/** Who uses an item of each list, as the sentence saying it cannot be deleted counts them. */
const USED_BY = {
  'group-defaults': 'defaultLists.usedByContacts',
  'mode-defaults': 'defaultLists.usedByCompanies',
  'service-defaults': 'defaultLists.usedByCompanies',
  'priority-defaults': 'defaultLists.usedByTickets',
  'type-defaults': 'defaultLists.usedByTickets',
  'status-defaults': 'defaultLists.usedByTickets',
} as const satisfies Record<DefaultListName, string>;

/** Why a locked id stays, by what the domain keeps it for (defaultListLock). */
const LOCK_REASONS = {
  admins: 'defaultLists.lockAdmins',
  clients: 'defaultLists.lockClients',
  active: 'defaultLists.lockActive',
  inactive: 'defaultLists.lockInactive',
  closed: 'defaultLists.lockClosed',
  meeting: 'defaultLists.lockMeeting',
  backlog: 'defaultLists.lockBacklog',
  assigned: 'defaultLists.lockAssigned',
  'in-progress': 'defaultLists.lockInProgress',
  testing: 'defaultLists.lockTesting',
  complete: 'defaultLists.lockComplete',
  cancelled: 'defaultLists.lockCancelled',
  'need-more-info': 'defaultLists.lockNeedMoreInfo',
  'ready-to-launch': 'defaultLists.lockReadyToLaunch',
} as const satisfies Record<DefaultListLockCode, string>;

interface NewItem {
  id: string;
  name: string;
  color: LookupColor;
}

const EMPTY_ITEM: NewItem = { id: '', name: '', color: 'blue' };

/**
 * A new item as the list takes it (addLookupItem: an id and a name, the id a whole number not in
 * `items` yet), refused at the ID. Add waits for that, so the line under the form says why, in the admin's language.
 */
function newItemSchema(items: readonly LookupItem[]) {
  return lookupItem.pick({ name: true, color: true }).loose().superRefine((values, context) => {
    const added = addLookupItem(items, { id: typeof values.id === 'string' ? values.id : '', name: values.name });
    if (!added.ok) context.addIssue({ code: 'custom', path: ['id'], message: MESSAGES.fillAllFields });
  });
}

/**
 * The items with a Delete per item (not for locked or used ids), the add form, and Save, which
 * posts the whole list. A refused save shows the server's message and keeps the edits. Until this
 * admin edits the list it follows the saved one, so another admin's save shows here as it is pushed
 * (docs/architecture.md#a-live-update); unsaved edits are never replaced under the user.
 */
export function DefaultListEditor({ spec, saved, usage }: { spec: DefaultListSpec; saved: readonly LookupItem[]; usage: ListUsage }) {
  const t = useT();
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
  const addProblemText = (problem: AddProblem) =>
    problem.kind === 'id-taken' ? t('defaultLists.idTaken', { id: String(problem.id) }) : t('defaultLists.idNotWhole');
  const blockText = (block: DeleteBlock, item: LookupItem) => {
    if (block.kind === 'used') return t(USED_BY[spec.optionName], { name: item.name, count: block.count });
    return t(LOCK_REASONS[block.code]);
  };
  const colorText = (color: string | undefined) => {
    const known = COLORS.find((each) => each === color);
    return known ? t(COLOR_LABELS[known]) : color;
  };

  return (
    <Stack gap="3">
      <ErrorAlert message={error} size="sm" />
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('defaultLists.id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('defaultLists.name')}</Table.ColumnHeader>
              {spec.withColor ? <Table.ColumnHeader>{t('defaultLists.colour')}</Table.ColumnHeader> : null}
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => {
              const block = deleteBlockOf(spec.optionName, item, usage);
              const blocked = block ? blockText(block, item) : null;
              return (
                <Table.Row key={item.id}>
                  <Table.Cell>{item.id}</Table.Cell>
                  <Table.Cell>{item.name}</Table.Cell>
                  {spec.withColor ? (
                    <Table.Cell>
                      <HStack gap="1"><Box w="3" h="3" rounded="full" bg={`${toLookupColor(item.color)}.500`} />{colorText(item.color)}</HStack>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell textAlign="end">
                    <Button
                      variant="plain"
                      size="xs"
                      colorPalette="red"
                      disabled={blocked !== null}
                      title={blocked ?? undefined}
                      aria-label={t('defaultLists.deleteItem', { name: item.name })}
                      onClick={() => { setItems(items.filter((other) => other.id !== item.id)); setEdited(true); changed(); }}
                    >
                      {t('defaultLists.delete')}
                    </Button>
                    {blocked ? <Text fontSize="xs" color="fg.muted">{blocked}</Text> : null}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack
        as="form"
        aria-label={t('defaultLists.addTo', { list: t(spec.title) })}
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
          <Field.Label>{t('defaultLists.id')}</Field.Label>
          <Input size="sm" inputMode="numeric" {...register('id')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('defaultLists.name')}</Field.Label>
          <Input size="sm" {...register('name')} />
        </Field.Root>
        {spec.withColor ? (
          <Field.Root w="28" flexShrink={0}>
            <Field.Label>{t('defaultLists.colour')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field {...register('color')}>
                {COLORS.map((color) => <option key={color} value={color}>{t(COLOR_LABELS[color])}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <Button type="submit" size="sm" disabled={!added.ok}>{t('defaultLists.add')}</Button>
      </HStack>
      {!added.ok && added.problem ? <Text fontSize="sm" color="red.600">{addProblemText(added.problem)}</Text> : null}
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
          {t('defaultLists.save')}
        </Button>
        {done ? <Text fontSize="sm" color="fg.success">{t('defaultLists.saved')}</Text> : null}
      </HStack>
    </Stack>
  );
}
