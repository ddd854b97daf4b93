import { HStack, Input, Table, Text } from '@chakra-ui/react';
import { businessDurationText } from '@portal/domain';
import type { TargetRow } from './response-times-form';

/** '= 8 h' beside a target as typed; nothing for an empty or unreadable one. */
const spelled = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? `= ${businessDurationText(Number(text))}` : '');

/** Targets per priority as minutes to type, each spelled out beside it. */
export function TargetsTable({ label, targets, onChange }: { label: string; targets: TargetRow[]; onChange(target: TargetRow): void }) {
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Priority</Table.ColumnHeader>
          <Table.ColumnHeader>First response (business minutes)</Table.ColumnHeader>
          <Table.ColumnHeader>Resolution (business minutes)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {targets.map((row) => (
          <Table.Row key={row.priority_id}>
            <Table.Cell>{row.name}</Table.Cell>
            {(['first_response', 'resolution'] as const).map((kind) => (
              <Table.Cell key={kind}>
                <HStack gap="2">
                  <Input
                    size="sm" maxW="28" inputMode="numeric"
                    aria-label={`${row.name}: ${kind === 'first_response' ? 'first response' : 'resolution'} in minutes`}
                    value={row[kind]}
                    onChange={(event) => onChange(kind === 'first_response' ? { ...row, first_response: event.target.value } : { ...row, resolution: event.target.value })}
                  />
                  <Text as="span" fontSize="sm" color="fg.muted">{spelled(row[kind])}</Text>
                </HStack>
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

