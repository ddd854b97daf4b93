import { HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { usePayroll } from '@portal/api-client';
import { MESSAGES, formatUnitsHhmm, formatUsd } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';

/** Each agent (docs/product/time-and-billing.md#payroll) with a dollar total (units x the pay rate recorded on each entry / 10), and the payroll total. */
export function PayrollList({ offset, timeZone }: { offset: number; timeZone: string }) {
  const { data, error, isLoading } = usePayroll(offset, { timeZone });
  return (
    <Stack as="section" aria-labelledby="payroll-heading" gap="2">
      <Heading as="h2" size="md" id="payroll-heading">
        {MESSAGES.agentPayroll}
      </Heading>
      <ErrorAlert message={error} size="sm" />
      {isLoading ? <Text color="fg.muted">Loading…</Text> : null}
      {data && data.rows.length === 0 ? <Text color="fg.muted">No time logged this month.</Text> : null}
      {data && data.rows.length > 0 ? (
        <>
          <List.Root variant="plain" gap="1" aria-label={MESSAGES.agentPayroll}>
            {data.rows.map((row) => (
              <List.Item key={`${row.contact_id ?? row.name}`} aria-label={row.name} display="flex">
                <HStack justify="space-between" w="full">
                  <Text>
                    {row.name}{' '}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {formatUnitsHhmm(row.units)}{row.rate !== null ? ` at ${formatUsd(row.rate)}/h` : ''}
                    </Text>
                  </Text>
                  <Text fontVariantNumeric="tabular-nums">{formatUsd(row.total)}</Text>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
          <HStack justify="space-between" borderTopWidth="1px" pt="1" fontWeight="semibold" role="group" aria-label="Payroll total">
            <Text>Payroll total</Text>
            <Text>{formatUsd(data.total)}</Text>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}
