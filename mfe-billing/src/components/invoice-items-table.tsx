import { Table, Text } from '@chakra-ui/react';
import type { InvoiceItem } from '@portal/contract';
import { formatDateUs, formatUnitsHhmm, formatUsd } from '@portal/domain';

function TicketCell({ item }: { item: InvoiceItem }) {
  if (item.ticket_id === null) return <Text as="span" color="fg.muted">{item.ticket_title ?? 'Deleted ticket'}</Text>;
  return (
    <>
      <Text as="span">#{item.ticket_id} {item.ticket_title ?? ''}</Text>
      {item.estimated_time !== null && item.ticket_time !== null ? (
        <Text fontSize="xs" color="fg.muted">
          estimate {formatUnitsHhmm(item.estimated_time)}, logged {formatUnitsHhmm(item.ticket_time)}
        </Text>
      ) : null}
    </>
  );
}

/** An invoice's lines (date, ticket, description, time, amount; docs/product/time-and-billing.md#invoices), dates on `timeZone`'s calendar. */
export function InvoiceItemsTable({ items, timeZone, caption = 'Items' }: { items: readonly InvoiceItem[]; timeZone: string; caption?: string }) {
  return (
    <Table.Root size="sm" aria-label={caption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Ticket</Table.ColumnHeader>
          <Table.ColumnHeader>Description</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((item) => (
          <Table.Row key={`${item.time_id ?? 'x'}-${item.date}`}>
            <Table.Cell whiteSpace="nowrap">{formatDateUs(item.date, timeZone)}</Table.Cell>
            <Table.Cell><TicketCell item={item} /></Table.Cell>
            <Table.Cell>{item.description}</Table.Cell>
            <Table.Cell textAlign="end">{formatUnitsHhmm(item.units)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(item.amount)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
