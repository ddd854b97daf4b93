import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { typeAssignments } from '@portal/contract';
import { typeAssignmentKey, type LookupItem, type TypeAssignments } from '@portal/domain';
import { AgentSelect, ErrorAlert, useSaveState, type AssignableAgent } from '@portal/ui';
import { useT } from './messages';

export interface TypeAssignmentsFormProps {
  types: readonly LookupItem[];
  agents: readonly AssignableAgent[];
  value: TypeAssignments;
  onSave(value: TypeAssignments): Promise<unknown>;
  /** What an unassigned type falls back to, e.g. 'Global assignment' for a company's map; 'No assignment' by default. */
  fallbackLabel?: string;
}

// The form's values are the map itself, one field per type (keys are slugs: letters, digits and
// underscores, never a path), checked with the schema the API validates the option with.
const resolver = zodResolver(typeAssignments);

/**
 * The ticket-type -> agent map (docs/product/companies-and-contacts.md#default-agent-and-type-assignments; keys are the type names through
 * the domain's typeAssignmentKey). Used for a company's map and for the global one.
 */
export function TypeAssignmentsForm({ types, agents, value, onSave, fallbackLabel }: TypeAssignmentsFormProps) {
  const t = useT();
  const { handleSubmit, setValue, unregister, watch } = useForm<Record<string, unknown>, unknown, TypeAssignments>({
    resolver,
    defaultValues: value,
  });
  const { saving, error, saved, run, changed } = useSaveState();
  const draft = watch();

  return (
    <Stack
      as="form"
      gap="3"
      aria-label={t('typeAssignments.label')}
      onSubmit={(event) => void handleSubmit((assignments) => run(() => onSave(assignments)))(event)}
    >
      <ErrorAlert message={error} />
      {types.map((type) => {
        const key = typeAssignmentKey(type.name);
        const current = draft[key];
        return (
          <Field.Root key={type.id}>
            <HStack justify="space-between" maxW="xl">
              <Field.Label minW="48">{type.name}</Field.Label>
              <AgentSelect
                agents={agents}
                value={current === undefined ? '' : String(current)}
                emptyLabel={fallbackLabel ?? t('typeAssignments.none')}
                onChange={(picked) => {
                  changed();
                  if (picked === '') unregister(key);
                  else setValue(key, Number(picked));
                }}
              />
            </HStack>
          </Field.Root>
        );
      })}
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving}>
          {t('typeAssignments.save')}
        </Button>
        {saved ? <Text role="status" color="green.700">{t('typeAssignments.saved')}</Text> : null}
      </HStack>
    </Stack>
  );
}
