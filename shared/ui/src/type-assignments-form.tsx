import { useState } from 'react';
import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { typeAssignmentKey, type LookupItem, type TypeAssignments } from '@portal/domain';
import { AgentSelect, type AssignableAgent } from './agent-select';
import { ErrorAlert } from './error-alert';
import { useSaveState } from './use-save-state';

export interface TypeAssignmentsFormProps {
  types: readonly LookupItem[];
  agents: readonly AssignableAgent[];
  value: TypeAssignments;
  onSave(value: TypeAssignments): Promise<unknown>;
  /** What an unassigned type falls back to, e.g. 'Global assignment' for a company's map. */
  fallbackLabel?: string;
}

/**
 * The ticket-type -> agent map (docs/product/companies-and-contacts.md#default-agent-and-type-assignments; keys are the type names through
 * the domain's typeAssignmentKey). Used for a company's map and for the global one.
 */
export function TypeAssignmentsForm({ types, agents, value, onSave, fallbackLabel = 'No assignment' }: TypeAssignmentsFormProps) {
  const [draft, setDraft] = useState<TypeAssignments>(value);
  const { saving, error, saved, run, changed } = useSaveState();
  const save = () => run(() => onSave(draft));

  return (
    <Stack as="form" gap="3" aria-label="Ticket type assignments" onSubmit={(event) => { event.preventDefault(); void save(); }}>
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
                emptyLabel={fallbackLabel}
                onChange={(picked) => {
                  changed();
                  setDraft((map) => {
                    const next = { ...map };
                    if (picked === '') delete next[key];
                    else next[key] = Number(picked);
                    return next;
                  });
                }}
              />
            </HStack>
          </Field.Root>
        );
      })}
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving}>
          Save Assignments
        </Button>
        {saved ? <Text role="status" color="green.700">Assignments saved.</Text> : null}
      </HStack>
    </Stack>
  );
}
