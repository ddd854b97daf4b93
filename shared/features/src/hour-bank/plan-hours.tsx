import { Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useHourBank } from '@portal/api-client';
import { canReadHourBank, formatNumber, unitsToHours, type Viewer } from '@portal/domain';
import { useFormats } from '@portal/i18n/react';
import { useT } from './messages';

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
  const t = useT();
  const formats = useFormats();
  const allowed = canReadHourBank(viewer, companyId);
  const { data } = useHourBank(allowed ? companyId : null);
  const balance = data?.balance;
  if (!balance) return null;
  // Hours to the tenth as the reader writes numbers ('6.5', '6,5'): formatBankHours' figures, in the reader's language.
  const hours = (units: number) => formatNumber(unitsToHours(units), formats, 1);
  const used = t('planHours.used', { used: hours(balance.usedUnits), included: hours(balance.availableUnits) });
  const width = Math.min(100, balance.percentUsed);
  const color = balance.percentUsed >= 100 ? 'red.500' : balance.percentUsed >= 80 ? 'orange.400' : 'green.500';
  return (
    <Card.Root as="section" aria-label={t('planHours.title')} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">{t('planHours.title')}</Heading>
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
          {balance.rolledOverUnits > 0 ? <Text color="fg.muted">{t('planHours.rolledOver', { hours: hours(balance.rolledOverUnits) })}</Text> : null}
          {balance.overageUnits > 0 ? <Text color="red.600">{t('planHours.beyond', { hours: hours(balance.overageUnits) })}</Text> : null}
          {balance.spentOn.length > 0 ? (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={t('planHours.spentOn')}>
              {balance.spentOn.map((row) => (
                <HStack as="li" key={row.ticketId ?? 'gone'} justify="space-between">
                  {row.ticketId === null ? (
                    <Text>{t('planHours.deletedTicket')}</Text>
                  ) : (
                    <Link asChild colorPalette="blue">
                      <RouterLink to={ticketHref(row.ticketId)}>{row.title}</RouterLink>
                    </Link>
                  )}
                  <Text>{t('planHours.hours', { hours: hours(row.units) })}</Text>
                </HStack>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
