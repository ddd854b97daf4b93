import { HStack, Text } from '@chakra-ui/react';
import { MESSAGES, formatMoney } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/session';

/** The month's total under a company's invoice and under 'All Invoice Items'. */
export function MonthlyTotalLine({ total }: { total: number }) {
  const messageText = useMessageText();
  const formats = useFormats();
  const label = messageText(MESSAGES.monthlyTotal);
  return (
    <HStack justify="space-between" borderTopWidth="2px" pt="2" fontWeight="bold" fontSize="lg" role="group" aria-label={label}>
      <Text>{label}</Text>
      <Text fontVariantNumeric="tabular-nums">{formatMoney(total, formats)}</Text>
    </HStack>
  );
}
