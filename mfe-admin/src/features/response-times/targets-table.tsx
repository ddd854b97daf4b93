import { Box, HStack, Input, Table, Text } from '@chakra-ui/react';
import { businessDurationText } from '@portal/domain';
import { useT } from '../../messages';
import type { TargetRow } from './response-times-form';

/** The minutes typed when they are a target worth spelling out ('480' is 8 h); null for an empty or unreadable one. */
const minutesToSpell = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/** Targets per priority as minutes to type, each spelled out beside it. */
export function TargetsTable({ label, targets, onChange }: { label: string; targets: TargetRow[]; onChange(target: TargetRow): void }) {
  const t = useT();
  /** '= 8 h' beside a target as typed; nothing for an empty or unreadable one. */
  const spelled = (text: string) => {
    const minutes = minutesToSpell(text);
    return minutes === null ? '' : t('responseTimes.spelled', { duration: businessDurationText(minutes) });
  };
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('responseTimes.priority')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('responseTimes.firstResponseColumn')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('responseTimes.resolutionColumn')}</Table.ColumnHeader>
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
                      aria-label={t(kind === 'first_response' ? 'responseTimes.firstResponseInput' : 'responseTimes.resolutionInput', { priority: row.name })}
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
    </Box>
  );
}

