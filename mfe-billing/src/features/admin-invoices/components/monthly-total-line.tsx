import { HStack, Text } from '@chakra-ui/react';
import { MESSAGES, formatUsd } from '@portal/domain';

/** The month's total under a company's invoice and under 'All Invoice Items'. */
export function MonthlyTotalLine({ total }: { total: number }) {
  return (
    <HStack justify="space-between" borderTopWidth="2px" pt="2" fontWeight="bold" fontSize="lg" role="group" aria-label={MESSAGES.monthlyTotal}>
      <Text>{MESSAGES.monthlyTotal}</Text>
      <Text fontVariantNumeric="tabular-nums">{formatUsd(total)}</Text>
    </HStack>
  );
}
