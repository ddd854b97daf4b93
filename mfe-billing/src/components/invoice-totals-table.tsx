import { Table } from '@chakra-ui/react';
import type { InvoiceTotalsValue } from '@portal/contract';
import { formatUnitsHhmm, formatUsd } from '@portal/domain';

const RATE_LABELS = { standard: 'Standard', meeting: 'Meetings' } as const;

/** Totals at each rate (units x price per 6-minute unit) and their sum, as the API computed them to the cent. */
export function InvoiceTotalsTable({ totals, totalLabel = 'Total' }: { totals: InvoiceTotalsValue; totalLabel?: string }) {
  return (
    <Table.Root size="sm" aria-label="Totals">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Rate</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price per unit</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {(['standard', 'meeting'] as const).map((kind) => (
          <Table.Row key={kind} aria-label={RATE_LABELS[kind]}>
            <Table.Cell>{RATE_LABELS[kind]}</Table.Cell>
            <Table.Cell textAlign="end">{formatUnitsHhmm(totals[kind].units)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(totals[kind].unit_price)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(totals[kind].amount)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row aria-label={totalLabel} fontWeight="semibold">
          <Table.Cell>{totalLabel}</Table.Cell>
          <Table.Cell textAlign="end">{formatUnitsHhmm(totals.units)}</Table.Cell>
          <Table.Cell />
          <Table.Cell textAlign="end">{formatUsd(totals.total)}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
