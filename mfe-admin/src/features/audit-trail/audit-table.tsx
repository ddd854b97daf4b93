import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEntry } from '@portal/contract';
import type { AuditValueNames as ValueNames } from '@portal/domain';
import { DateText } from '@portal/ui';
import { useAuditText } from '@portal/features';
import { useT } from '../../messages';
import { recordPath } from './audit-values';

function Record({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const audit = useAuditText();
  // A sign-in's id is the session's, which tells an admin nothing.
  const name = entry.entity_id === null || entry.entity === 'session'
    ? audit.entity(entry.entity)
    : t('audit.recordWithId', { entity: audit.entity(entry.entity), id: String(entry.entity_id) });
  const path = recordPath(entry);
  return (
    <Stack gap="0">
      {path ? <Link asChild color="blue.700" textDecoration="underline"><RouterLink to={path}>{name}</RouterLink></Link> : <Text>{name}</Text>}
      {entry.subject ? <Text color="fg.muted" fontSize="xs" wordBreak="break-word">{entry.subject}</Text> : null}
    </Stack>
  );
}

/** The trail's entries, newest first: when, who, what, which record, the changed fields and the caller's address. */
export function AuditTable({ entries, names }: { entries: readonly AuditEntry[]; names: ValueNames }) {
  const t = useT();
  const audit = useAuditText();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t('audit.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('audit.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.who')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.action')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.record')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.changes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audit.ip')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.audit_id} verticalAlign="top">
              <Table.Cell whiteSpace="nowrap"><DateText iso={entry.date_created} timeZone={names.timeZone} withTime /></Table.Cell>
              <Table.Cell>{audit.actor(entry)}</Table.Cell>
              <Table.Cell>{audit.action(entry.action)}</Table.Cell>
              <Table.Cell><Record entry={entry} /></Table.Cell>
              <Table.Cell minW="xs">
                {entry.changes.length > 0 ? (
                  <Stack as="ul" gap="0.5" listStyleType="none">
                    {entry.changes.map((change) => <Text as="li" key={change.field} wordBreak="break-word">{audit.changeLine(entry.entity, change, names)}</Text>)}
                  </Stack>
                ) : null}
              </Table.Cell>
              <Table.Cell color="fg.muted" whiteSpace="nowrap">{entry.ip ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
