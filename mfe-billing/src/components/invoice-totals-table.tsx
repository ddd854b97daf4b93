import { Table } from '@chakra-ui/react';
import type { InvoiceTotalsValue } from '@portal/contract';
import { HOUR_BANK_MESSAGES, formatUnitsHhmm, formatUsd } from '@portal/domain';

const RATE_LABELS = { standard: 'Standard', meeting: 'Meetings' } as const;

/** Totals at each rate (units x price per 6-minute unit) and their sum, as the API computed them to the cent. */
/** A plan-hours company's Included hours (at 0) and Overage (docs/product/hour-banks.md#on-the-invoice). */
export interface HourBankLines {
  included: { units: number; amount: number };
  overage: { units: number; amount: number };
}

export function InvoiceTotalsTable({ totals, totalLabel = 'Total', hourBank = null }: { totals: InvoiceTotalsValue; totalLabel?: string; hourBank?: HourBankLines | null }) {
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
        {hourBank ? (
          <>
            <Table.Row aria-label={HOUR_BANK_MESSAGES.includedLine}>
              <Table.Cell>{HOUR_BANK_MESSAGES.includedLine}</Table.Cell>
              <Table.Cell textAlign="end">{formatUnitsHhmm(hourBank.included.units)}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{formatUsd(hourBank.included.amount)}</Table.Cell>
            </Table.Row>
            <Table.Row aria-label={HOUR_BANK_MESSAGES.overageLine}>
              <Table.Cell>{HOUR_BANK_MESSAGES.overageLine}</Table.Cell>
              <Table.Cell textAlign="end">{formatUnitsHhmm(hourBank.overage.units)}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{formatUsd(hourBank.overage.amount)}</Table.Cell>
            </Table.Row>
          </>
        ) : null}
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
