import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useOption } from '@portal/api-client';
import { formatUsd, parseRates, unitPriceUsdFor, TYPE, UNITS_PER_HOUR, type Rates } from '@portal/domain';

/** The rates option when it is set and valid, else the agreement's defaults (rates are options: docs/product/time-and-billing.md#prices-and-rates). */
function useRates(): Rates {
  const { data } = useOption('rates');
  return parseRates(data?.option_value);
}

/** The static Maintenance Agreement (docs/product/time-and-billing.md#agreement). */
export function AgreementPage() {
  const rates = useRates();
  const standardHourly = formatUsd(unitPriceUsdFor(TYPE.question, rates) * UNITS_PER_HOUR);
  const meetingHourly = formatUsd(rates.meetingHourlyUsd);
  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h1" size="2xl">
        Maintenance Agreement
      </Heading>
      <Heading as="h2" size="md">
        Billing
      </Heading>
      <List.Root gap="1" ps="5">
        <List.Item>Time spent on your tickets is invoiced monthly.</List.Item>
        <List.Item>Payment is due within the first 14 days of each month.</List.Item>
        <List.Item>
          Rates: {standardHourly} per hour standard and {meetingHourly} per hour for meetings, billed in 6-minute units.
        </List.Item>
      </List.Root>
      <Heading as="h2" size="md">
        Warranty
      </Heading>
      <Text>Work carries a 30-day warranty after a launch or an update: fixes to it in that time are free.</Text>
      <Heading as="h2" size="md">
        Process
      </Heading>
      <List.Root as="ol" gap="1" ps="5">
        <List.Item>You or an agent add a ticket to the Backlog.</List.Item>
        <List.Item>An estimate is added to the ticket.</List.Item>
        <List.Item>You approve or reject the estimate.</List.Item>
        <List.Item>An agent is assigned and does the work.</List.Item>
        <List.Item>You test the result.</List.Item>
        <List.Item>You mark the ticket complete, or send it back for more work.</List.Item>
      </List.Root>
      <Heading as="h2" size="md">
        Governing law
      </Heading>
      <Text>This agreement is governed by the laws of the US state where the provider is based.</Text>
    </Stack>
  );
}
