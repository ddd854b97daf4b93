import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useOption } from '@portal/api-client';
import { formatMoney, parseRates, unitPriceUsdFor, TYPE, UNITS_PER_HOUR, type Rates } from '@portal/domain';
import { useFormats } from '@portal/session';
import { useT } from '../../messages';

/** The rates option when it is set and valid, else the agreement's defaults (rates are options: docs/product/time-and-billing.md#prices-and-rates). */
function useRates(): Rates {
  const { data } = useOption('rates');
  return parseRates(data?.option_value);
}

/** The static Maintenance Agreement (docs/product/time-and-billing.md#agreement). */
export function AgreementPage() {
  const t = useT();
  const formats = useFormats();
  const rates = useRates();
  // The rates are amounts in the agency's currency (the option's 'Usd' names are historical).
  const standardHourly = formatMoney(unitPriceUsdFor(TYPE.question, rates) * UNITS_PER_HOUR, formats);
  const meetingHourly = formatMoney(rates.meetingHourlyUsd, formats);
  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('agreement.heading')}
      </Heading>
      <Heading as="h2" size="md">
        {t('agreement.billing')}
      </Heading>
      <List.Root gap="1" ps="5">
        <List.Item>{t('agreement.invoicedMonthly')}</List.Item>
        <List.Item>{t('agreement.paymentDue')}</List.Item>
        <List.Item>{t('agreement.rates', { standard: standardHourly, meeting: meetingHourly })}</List.Item>
      </List.Root>
      <Heading as="h2" size="md">
        {t('agreement.warranty')}
      </Heading>
      <Text>{t('agreement.warrantyText')}</Text>
      <Heading as="h2" size="md">
        {t('agreement.process')}
      </Heading>
      <List.Root as="ol" gap="1" ps="5">
        <List.Item>{t('agreement.step1')}</List.Item>
        <List.Item>{t('agreement.step2')}</List.Item>
        <List.Item>{t('agreement.step3')}</List.Item>
        <List.Item>{t('agreement.step4')}</List.Item>
        <List.Item>{t('agreement.step5')}</List.Item>
        <List.Item>{t('agreement.step6')}</List.Item>
      </List.Root>
      <Heading as="h2" size="md">
        {t('agreement.law')}
      </Heading>
      <Text>{t('agreement.lawText')}</Text>
    </Stack>
  );
}
