import { useState } from 'react';
import { Alert, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useHourBank, useHourBankMutations } from '@portal/api-client';
import type { HourBankSettingsAnswer } from '@portal/contract';
import { HOUR_BANK_MESSAGES, readBankHours } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';

interface Draft {
  enabled: boolean;
  included: string;
  cap: string;
}

const draftOf = (settings: HourBankSettingsAnswer | null | undefined): Draft => ({
  enabled: !!settings,
  included: settings?.included_hours === null || settings === null || settings === undefined ? '' : String(settings.included_hours),
  cap: settings ? String(settings.rollover_cap_hours) : '0',
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
  const { update } = useHourBankMutations(companyId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [invalid, setInvalid] = useState(false);
  const { saving, error, saved, run, changed } = useSaveState();
  const edit = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setInvalid(false);
    changed();
  };

  function save(event: React.FormEvent) {
    event.preventDefault();
    const included = draft.included.trim() === '' ? null : readBankHours(draft.included);
    const cap = readBankHours(draft.cap.trim() === '' ? '0' : draft.cap);
    if ((draft.included.trim() !== '' && included === null) || cap === null) {
      setInvalid(true);
      return;
    }
    void run(() => update({
      enabled: draft.enabled, included_hours: included === null ? null : included / 10, rollover_cap_hours: cap / 10,
    }));
  }

  return (
    <Card.Root as="section" aria-label="Plan hours settings" size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">{HOUR_BANK_MESSAGES.title}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack as="form" aria-label="Plan hours settings" gap="4" onSubmit={save}>
          <HStack as="label" gap="2">
            <input type="checkbox" checked={draft.enabled} onChange={(event) => edit({ enabled: event.target.checked })} />
            <Text>Plan hours for this company</Text>
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            <Field.Root disabled={!draft.enabled} invalid={invalid} maxW="xs">
              <Field.Label>Included hours per month</Field.Label>
              <Input inputMode="decimal" value={draft.included} onChange={(event) => edit({ included: event.target.value })} />
              <Field.HelperText>Blank: from the plan&apos;s price.</Field.HelperText>
            </Field.Root>
            <Field.Root disabled={!draft.enabled} invalid={invalid} maxW="xs">
              <Field.Label>Roll-over cap (hours)</Field.Label>
              <Input inputMode="decimal" value={draft.cap} onChange={(event) => edit({ cap: event.target.value })} />
              <Field.HelperText>0: unused hours expire.</Field.HelperText>
            </Field.Root>
          </HStack>
          {invalid ? <ErrorAlert message={HOUR_BANK_MESSAGES.invalidBank} size="sm" /> : null}
          <ErrorAlert message={error} size="sm" />
          {saved ? (
            <Alert.Root status="success" role="status" size="sm">
              <Alert.Indicator />
              <Alert.Title>Plan hours saved.</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack>
            <Button type="submit" colorPalette="blue" loading={saving}>Save Plan Hours</Button>
            {settings === null && !draft.enabled ? <Text color="fg.muted" fontSize="sm">This company has no plan hours.</Text> : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
