import { useState } from 'react';
import { Button, Card, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useOption, useOptionMutations } from '@portal/api-client';
import { localeValue, type LocaleValue } from '@portal/contract';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, isCurrency, isLanguage, type Currency } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

const DEFAULT_LOCALE: LocaleValue = { language: DEFAULT_LANGUAGE, currency: DEFAULT_CURRENCY };

/** Each currency as the select names it: a literal key per currency (scripts/check-messages.ts finds the keys it uses). */
const CURRENCY_LABELS = {
  USD: 'portalLocale.currencyUsd',
  EUR: 'portalLocale.currencyEur',
  GBP: 'portalLocale.currencyGbp',
} as const satisfies Record<Currency, string>;

/** The option as saved, or English and US dollars (what the API answers until an admin saves one). */
function savedLocale(value: unknown): LocaleValue {
  const parsed = localeValue.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/**
 * The portal's default language and the agency's invoice currency (docs/product/languages.md), the
 * option `locale`: two selects and Save. A contact who never chose a language reads the default; an
 * amount is never converted, so the hint says to choose the currency before invoicing. Until the admin
 * changes a select it follows the saved option, so another admin's save shows as it is pushed.
 */
export function PortalLocaleCard() {
  const t = useT();
  const text = useMessageText();
  const { data, error: readError } = useOption('locale');
  const { save } = useOptionMutations();
  const { saving, error, saved, run, changed } = useSaveState();
  const [edited, setEdited] = useState<LocaleValue | null>(null);
  const shown = edited ?? savedLocale(data?.option_value);

  const choose = (next: Partial<LocaleValue>) => {
    setEdited({ ...shown, ...next });
    changed();
  };

  const shownError = error ? errorMessage(error) : data ? null : readError ? errorMessage(readError) : null;

  return (
    <Card.Root as="section" aria-label={t('portalLocale.heading')} size="sm" maxW="xl">
      <Card.Header><Heading as="h2" size="lg">{t('portalLocale.heading')}</Heading></Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ErrorAlert message={shownError ? text(shownError) : null} size="sm" />
          {!data && !readError ? <Text>{t('portalLocale.loading')}</Text> : null}
          {data ? (
            <>
              <Field.Root>
                <Field.Label>{t('portalLocale.language')}</Field.Label>
                <NativeSelect.Root size="sm" maxW="xs">
                  <NativeSelect.Field
                    value={shown.language}
                    onChange={(event) => {
                      if (isLanguage(event.target.value)) choose({ language: event.target.value });
                    }}
                  >
                    {LANGUAGES.map((language) => <option key={language} value={language}>{LANGUAGE_NAMES[language]}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{t('portalLocale.languageHint')}</Field.HelperText>
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('portalLocale.currency')}</Field.Label>
                <NativeSelect.Root size="sm" maxW="xs">
                  <NativeSelect.Field
                    value={shown.currency}
                    onChange={(event) => {
                      if (isCurrency(event.target.value)) choose({ currency: event.target.value });
                    }}
                  >
                    {CURRENCIES.map((currency) => <option key={currency} value={currency}>{t(CURRENCY_LABELS[currency])}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{t('portalLocale.currencyHint')}</Field.HelperText>
              </Field.Root>
              <HStack>
                <Button
                  colorPalette="blue"
                  size="sm"
                  loading={saving}
                  onClick={() => void run(async () => {
                    await save({ option_name: 'locale', option_value: shown });
                    setEdited(null);
                  })}
                >
                  {t('portalLocale.save')}
                </Button>
                {saved ? <Text fontSize="sm" color="fg.success">{t('portalLocale.saved')}</Text> : null}
              </HStack>
            </>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
