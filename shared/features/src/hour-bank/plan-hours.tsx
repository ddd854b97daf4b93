import { Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useHourBank } from '@portal/api-client';
import { HOUR_BANK_MESSAGES, canReadHourBank, formatBankHours, type Viewer } from '@portal/domain';

export interface PlanHoursProps {
  companyId: number;
  viewer: Viewer;
  /** Where a ticket of the list links: '/ticket/12' by default. */
  ticketHref?: (ticketId: number) => string;
}

/**
 * The "Plan hours" card (docs/product/hour-banks.md#the-balance): "6.5 of 10 hours used", a bar, and the tickets the
 * month's time was spent on. Shown to staff and the company's primary contacts when the company has plan hours;
 * otherwise nothing. The balance moves live: a time write makes its key stale.
 */
export function PlanHours({ companyId, viewer, ticketHref = (id) => `/ticket/${id}` }: PlanHoursProps) {
  const allowed = canReadHourBank(viewer, companyId);
  const { data } = useHourBank(allowed ? companyId : null);
  const balance = data?.balance;
  if (!balance) return null;
  const used = HOUR_BANK_MESSAGES.used({ used: formatBankHours(balance.usedUnits), included: formatBankHours(balance.availableUnits) });
  const width = Math.min(100, balance.percentUsed);
  const color = balance.percentUsed >= 100 ? 'red.500' : balance.percentUsed >= 80 ? 'orange.400' : 'green.500';
  return (
    <Card.Root as="section" aria-label={HOUR_BANK_MESSAGES.title} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">{HOUR_BANK_MESSAGES.title}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          <Text data-testid="plan-hours-used">{used}</Text>
          <Box
            role="progressbar" aria-label={used} aria-valuemin={0} aria-valuemax={100} aria-valuenow={width}
            h="2" bg="gray.200" borderRadius="full" overflow="hidden"
          >
            <Box h="full" w={`${width}%`} bg={color} />
          </Box>
          {balance.rolledOverUnits > 0 ? <Text color="fg.muted">{formatBankHours(balance.rolledOverUnits)} hours rolled over from last month</Text> : null}
          {balance.overageUnits > 0 ? <Text color="red.600">{formatBankHours(balance.overageUnits)} hours beyond the plan</Text> : null}
          {balance.spentOn.length > 0 ? (
            <Stack as="ul" gap="1" listStyleType="none" aria-label="Spent on">
              {balance.spentOn.map((row) => (
                <HStack as="li" key={row.ticketId ?? 'gone'} justify="space-between">
                  {row.ticketId === null ? (
                    <Text>A deleted ticket</Text>
                  ) : (
                    <Link asChild colorPalette="blue">
                      <RouterLink to={ticketHref(row.ticketId)}>{row.title}</RouterLink>
                    </Link>
                  )}
                  <Text>{formatBankHours(row.units)} h</Text>
                </HStack>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
