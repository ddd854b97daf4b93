import { Badge, Table, Text } from '@chakra-ui/react';
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

/** A correction (docs/product/time-and-billing.md#correcting-time) says so, and which day's entry it corrects. */
function DescriptionCell({ item, timeZone }: { item: InvoiceItem; timeZone: string }) {
  if (item.corrects_time_id === null) return <>{item.description}</>;
  return (
    <>
      <Badge colorPalette="orange" size="sm" me="1">Correction</Badge>
      <Text as="span" fontSize="xs" color="fg.muted">
        {item.corrects_date ? `of the entry of ${formatDateUs(item.corrects_date, timeZone)}` : 'of an invoiced entry'}
      </Text>
      <Text>{item.description}</Text>
    </>
  );
}

/**
 * An invoice's lines (date, ticket, description, time, amount; docs/product/time-and-billing.md#invoices), dates on `timeZone`'s calendar;
 * a correction of an invoiced month is a line of its own, negative when it takes time off.
 */
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
            <Table.Cell><DescriptionCell item={item} timeZone={timeZone} /></Table.Cell>
            <Table.Cell textAlign="end">{formatUnitsHhmm(item.units)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(item.amount)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
