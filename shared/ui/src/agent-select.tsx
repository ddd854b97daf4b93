import { NativeSelect } from '@chakra-ui/react';

export interface AssignableAgent {
  contact_id: number;
  first_name: string;
  last_name: string;
}

/**
 * A choice of one staff contact (or none, `emptyLabel`), as its id in text ('' for none): the
 * default agent of a company, an entry of a type-assignment map. Its label comes from the
 * surrounding Field.Label.
 */
export function AgentSelect({
  agents, value, emptyLabel, onChange,
}: {
  agents: readonly AssignableAgent[];
  value: string;
  emptyLabel: string;
  onChange(value: string): void;
}) {
  return (
    <NativeSelect.Root size="sm" maxW="80">
      <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{emptyLabel}</option>
        {agents.map((agent) => (
          <option key={agent.contact_id} value={agent.contact_id}>
            {agent.first_name} {agent.last_name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
