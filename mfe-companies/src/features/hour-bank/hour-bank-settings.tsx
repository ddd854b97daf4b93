import { useState } from 'react';
import { Alert, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useHourBank, useHourBankMutations } from '@portal/api-client';
import type { HourBankSettingsAnswer } from '@portal/contract';
import { readBankHours } from '@portal/domain';
import { useSession } from '@portal/session';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

interface Draft {
  enabled: boolean;
  included: string;
  cap: string;
}

/** Hours as typed and shown: a German reader writes a decimal comma ('2,5'), everyone else a point. */
const decimalComma = (language: string) => language === 'de';
const shownHours = (hours: number, comma: boolean) => (comma ? String(hours).replace('.', ',') : String(hours));
const typedHours = (text: string, comma: boolean) => (comma ? text.replace(',', '.') : text);

const draftOf = (settings: HourBankSettingsAnswer | null | undefined, comma: boolean): Draft => ({
  enabled: !!settings,
  included: settings?.included_hours === null || settings === null || settings === undefined ? '' : shownHours(settings.included_hours, comma),
  cap: settings ? shownHours(settings.rollover_cap_hours, comma) : '0',
});

/**
 * An admin's plan hours of a company (docs/product/hour-banks.md#settings): on or off, the included hours per month
 * (blank: from the plan's price) and the roll-over cap (0: unused hours expire). Checked as the API checks them.
 */
export function HourBankSettings({ companyId }: { companyId: number }) {
  const { data } = useHourBank(companyId);
  if (!data) return null;
  return <HourBankSettingsForm key={JSON.stringify(data.settings)} companyId={companyId} settings={data.settings} />;
}

function HourBankSettingsForm({ companyId, settings }: { companyId: number; settings: HourBankSettingsAnswer | null }) {
  const t = useT();
  const comma = decimalComma(useSession((s) => s.language));
  const { update } = useHourBankMutations(companyId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings, comma));
  const [invalid, setInvalid] = useState(false);
  const { saving, error, saved, run, changed } = useSaveState();
  const edit = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setInvalid(false);
    changed();
  };

  function save(event: React.FormEvent) {
    event.preventDefault();
    const included = draft.included.trim() === '' ? null : readBankHours(typedHours(draft.included, comma));
    const cap = readBankHours(draft.cap.trim() === '' ? '0' : typedHours(draft.cap, comma));
    if ((draft.included.trim() !== '' && included === null) || cap === null) {
      setInvalid(true);
      return;
    }
    void run(() => update({
      enabled: draft.enabled, included_hours: included === null ? null : included / 10, rollover_cap_hours: cap / 10,
    }));
  }

  return (
    <Card.Root as="section" aria-label={t('hourBank.settings')} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">{t('hourBank.title')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack as="form" aria-label={t('hourBank.settings')} gap="4" onSubmit={save}>
          <HStack as="label" gap="2">
            <input type="checkbox" checked={draft.enabled} onChange={(event) => edit({ enabled: event.target.checked })} />
            <Text>{t('hourBank.enabled')}</Text>
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            <Field.Root disabled={!draft.enabled} invalid={invalid} maxW="xs">
              <Field.Label>{t('hourBank.included')}</Field.Label>
              <Input inputMode="decimal" value={draft.included} onChange={(event) => edit({ included: event.target.value })} />
              <Field.HelperText>{t('hourBank.includedHint')}</Field.HelperText>
            </Field.Root>
            <Field.Root disabled={!draft.enabled} invalid={invalid} maxW="xs">
              <Field.Label>{t('hourBank.cap')}</Field.Label>
              <Input inputMode="decimal" value={draft.cap} onChange={(event) => edit({ cap: event.target.value })} />
              <Field.HelperText>{t('hourBank.capHint')}</Field.HelperText>
            </Field.Root>
          </HStack>
          {invalid ? <ErrorAlert message={t('hourBank.invalid')} size="sm" /> : null}
          <ErrorAlert message={error} size="sm" />
          {saved ? (
            <Alert.Root status="success" role="status" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('hourBank.saved')}</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack>
            <Button type="submit" colorPalette="blue" loading={saving}>{t('hourBank.save')}</Button>
            {settings === null && !draft.enabled ? <Text color="fg.muted" fontSize="sm">{t('hourBank.none')}</Text> : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
