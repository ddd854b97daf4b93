import { Table } from '@chakra-ui/react';
import type { InvoiceTotalsValue } from '@portal/contract';
import { formatMoney, formatUnitsHhmm } from '@portal/domain';
import { useFormats } from '@portal/session';
import { useT } from '../messages';

const RATE_LABELS = { standard: 'totals.standard', meeting: 'totals.meetings' } as const;

/** Totals at each rate (units x price per 6-minute unit) and their sum, as the API computed them to the cent. */
/** A plan-hours company's Included hours (at 0) and Overage (docs/product/hour-banks.md#on-the-invoice). */
export interface HourBankLines {
  included: { units: number; amount: number };
  overage: { units: number; amount: number };
}

export function InvoiceTotalsTable({ totals, totalLabel, hourBank = null }: { totals: InvoiceTotalsValue; totalLabel?: string; hourBank?: HourBankLines | null }) {
  const t = useT();
  const formats = useFormats();
  const money = (amount: number) => formatMoney(amount, formats);
  const total = totalLabel ?? t('totals.total');
  return (
    <Table.Root size="sm" aria-label={t('totals.caption')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('totals.rate')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('column.time')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('totals.unitPrice')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('column.amount')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {(['standard', 'meeting'] as const).map((kind) => (
          <Table.Row key={kind} aria-label={t(RATE_LABELS[kind])}>
            <Table.Cell>{t(RATE_LABELS[kind])}</Table.Cell>
            <Table.Cell textAlign="end">{formatUnitsHhmm(totals[kind].units)}</Table.Cell>
            <Table.Cell textAlign="end">{money(totals[kind].unit_price)}</Table.Cell>
            <Table.Cell textAlign="end">{money(totals[kind].amount)}</Table.Cell>
          </Table.Row>
        ))}
        {hourBank ? (
          <>
            <Table.Row aria-label={t('totals.included')}>
              <Table.Cell>{t('totals.included')}</Table.Cell>
              <Table.Cell textAlign="end">{formatUnitsHhmm(hourBank.included.units)}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{money(hourBank.included.amount)}</Table.Cell>
            </Table.Row>
            <Table.Row aria-label={t('totals.overage')}>
              <Table.Cell>{t('totals.overage')}</Table.Cell>
              <Table.Cell textAlign="end">{formatUnitsHhmm(hourBank.overage.units)}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{money(hourBank.overage.amount)}</Table.Cell>
            </Table.Row>
          </>
        ) : null}
        <Table.Row aria-label={total} fontWeight="semibold">
          <Table.Cell>{total}</Table.Cell>
          <Table.Cell textAlign="end">{formatUnitsHhmm(totals.units)}</Table.Cell>
          <Table.Cell />
          <Table.Cell textAlign="end">{money(totals.total)}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
