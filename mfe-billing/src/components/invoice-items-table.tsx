import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { InvoiceItem } from '@portal/contract';
import { formatDate, formatMoney, formatUnitsHhmm, type Formats } from '@portal/domain';
import { useFormats } from '@portal/session';
import { useT } from '../messages';

function TicketCell({ item }: { item: InvoiceItem }) {
  const t = useT();
  if (item.ticket_id === null) return <Text as="span" color="fg.muted">{item.ticket_title ?? t('items.deletedTicket')}</Text>;
  return (
    <>
      <Text as="span">#{item.ticket_id} {item.ticket_title ?? ''}</Text>
      {item.estimated_time !== null && item.ticket_time !== null ? (
        <Text fontSize="xs" color="fg.muted">
          {t('items.estimateLogged', { estimate: formatUnitsHhmm(item.estimated_time), logged: formatUnitsHhmm(item.ticket_time) })}
        </Text>
      ) : null}
    </>
  );
}

/** A correction (docs/product/time-and-billing.md#correcting-time) says so, and which day's entry it corrects. */
function DescriptionCell({ item, formats }: { item: InvoiceItem; formats: Formats }) {
  const t = useT();
  if (item.corrects_time_id === null) return <>{item.description}</>;
  return (
    <>
      <Badge colorPalette="orange" size="sm" me="1">{t('items.correction')}</Badge>
      <Text as="span" fontSize="xs" color="fg.muted">
        {item.corrects_date ? t('items.correctsEntry', { date: formatDate(item.corrects_date, formats) }) : t('items.correctsInvoiced')}
      </Text>
      <Text>{item.description}</Text>
    </>
  );
}

/**
 * An invoice's lines (date, ticket, description, time, amount; docs/product/time-and-billing.md#invoices), dates on `timeZone`'s calendar;
 * a correction of an invoiced month is a line of its own, negative when it takes time off.
 */
export function InvoiceItemsTable({ items, timeZone, caption }: { items: readonly InvoiceItem[]; timeZone: string; caption?: string }) {
  const t = useT();
  const formats = { ...useFormats(), timeZone };
  return (
    // Sideways scrolling on a phone (the descriptions still wrap); drawn whole on paper (printable-page.tsx).
    <Box overflowX="auto" data-table-scroll="">
      <Table.Root size="sm" aria-label={caption ?? t('items.caption')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('column.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.ticket')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.description')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('column.time')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('column.amount')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={`${item.time_id ?? 'x'}-${item.date}`}>
              <Table.Cell whiteSpace="nowrap">{formatDate(item.date, formats)}</Table.Cell>
              <Table.Cell><TicketCell item={item} /></Table.Cell>
              <Table.Cell><DescriptionCell item={item} formats={formats} /></Table.Cell>
              <Table.Cell textAlign="end">{formatUnitsHhmm(item.units)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(item.amount, formats)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
