import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEntry } from '@portal/contract';
import {
  AUDIT_ENTITY_LABELS as ENTITY_LABELS, auditActionLabel, auditActorName, auditChangeLine, shortAuditLine, type AuditValueNames as ValueNames,
} from '@portal/domain';
import { DateText } from '@portal/ui';
import { recordPath } from './audit-values';

function Record({ entry }: { entry: AuditEntry }) {
  // A sign-in's id is the session's, which tells an admin nothing.
  const name = entry.entity_id === null || entry.entity === 'session' ? ENTITY_LABELS[entry.entity] : `${ENTITY_LABELS[entry.entity]} #${entry.entity_id}`;
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
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Audit trail">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Who</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Record</Table.ColumnHeader>
            <Table.ColumnHeader>Changes</Table.ColumnHeader>
            <Table.ColumnHeader>IP</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.audit_id} verticalAlign="top">
              <Table.Cell whiteSpace="nowrap"><DateText iso={entry.date_created} timeZone={names.timeZone} withTime /></Table.Cell>
              <Table.Cell>{auditActorName(entry)}</Table.Cell>
              <Table.Cell>{auditActionLabel(entry.action)}</Table.Cell>
              <Table.Cell><Record entry={entry} /></Table.Cell>
              <Table.Cell minW="xs">
                {entry.changes.length > 0 ? (
                  <Stack as="ul" gap="0.5" listStyleType="none">
                    {entry.changes.map((change) => <Text as="li" key={change.field} wordBreak="break-word">{shortAuditLine(auditChangeLine(entry.entity, change, names))}</Text>)}
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
