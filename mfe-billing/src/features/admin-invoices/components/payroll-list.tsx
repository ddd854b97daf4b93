import { HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { usePayroll } from '@portal/api-client';
import { MESSAGES, formatMoney, formatUnitsHhmm } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

/** Each agent (docs/product/time-and-billing.md#payroll) with a dollar total (units x the pay rate recorded on each entry / 10), and the payroll total. */
export function PayrollList({ offset, timeZone }: { offset: number; timeZone: string }) {
  const t = useT();
  const messageText = useMessageText();
  const formats = useFormats();
  const title = messageText(MESSAGES.agentPayroll);
  const { data, error, isLoading } = usePayroll(offset, { timeZone });
  return (
    <Stack as="section" aria-labelledby="payroll-heading" gap="2">
      <Heading as="h2" size="md" id="payroll-heading">
        {title}
      </Heading>
      <ErrorAlert message={error} size="sm" />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {data && data.rows.length === 0 ? <Text color="fg.muted">{t('payroll.empty')}</Text> : null}
      {data && data.rows.length > 0 ? (
        <>
          <List.Root variant="plain" gap="1" aria-label={title}>
            {data.rows.map((row) => (
              <List.Item key={`${row.contact_id ?? row.name}`} aria-label={row.name} display="flex">
                <HStack justify="space-between" w="full">
                  <Text>
                    {row.name}{' '}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {row.rate !== null
                        ? t('payroll.timeAtRate', { time: formatUnitsHhmm(row.units), rate: formatMoney(row.rate, formats) })
                        : formatUnitsHhmm(row.units)}
                    </Text>
                  </Text>
                  <Text fontVariantNumeric="tabular-nums">{formatMoney(row.total, formats)}</Text>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
          <HStack justify="space-between" borderTopWidth="1px" pt="1" fontWeight="semibold" role="group" aria-label={t('payroll.total')}>
            <Text>{t('payroll.total')}</Text>
            <Text>{formatMoney(data.total, formats)}</Text>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}
