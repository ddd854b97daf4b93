import { useEffect, useState } from 'react';
import { Button, Field, Fieldset, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useLookupList, useSlaMutations, useSlaSettings } from '@portal/api-client';
import { MESSAGES, type Weekday } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { CompanyTargets } from './company-targets';
import { formOf, saveBodyOf, type DayRow, type ResponseTimesForm } from './response-times-form';
import { TargetsTable } from './targets-table';

/** Each weekday's name: a literal key per day (scripts/check-messages.ts finds the keys it uses). */
const WEEKDAY_LABELS = {
  1: 'responseTimes.monday',
  2: 'responseTimes.tuesday',
  3: 'responseTimes.wednesday',
  4: 'responseTimes.thursday',
  5: 'responseTimes.friday',
  6: 'responseTimes.saturday',
  7: 'responseTimes.sunday',
} as const satisfies Record<Weekday, string>;

function WorkingDays({ days, onChange }: { days: DayRow[]; onChange(day: DayRow): void }) {
  const t = useT();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('responseTimes.workingDays')}</Fieldset.Legend>
      <Stack gap="2">
        {days.map((row) => {
          const day = t(WEEKDAY_LABELS[row.day]);
          return (
            <HStack key={row.day} gap="3" wrap="wrap">
              <HStack as="label" gap="1" minW="32">
                <input type="checkbox" checked={row.working} onChange={(event) => onChange({ ...row, working: event.target.checked })} />
                <Text as="span">{day}</Text>
              </HStack>
              <Input
                type="time" size="sm" maxW="32" aria-label={t('responseTimes.opens', { day })} value={row.open} disabled={!row.working}
                onChange={(event) => onChange({ ...row, open: event.target.value })}
              />
              <Text as="span" aria-hidden>{t('responseTimes.to')}</Text>
              <Input
                type="time" size="sm" maxW="32" aria-label={t('responseTimes.closes', { day })} value={row.close} disabled={!row.working}
                onChange={(event) => onChange({ ...row, close: event.target.value })}
              />
            </HStack>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}

/**
 * Admin Settings, Response times (docs/product/response-times.md): the business hours (time zone, working days and
 * hours, holidays) and the targets per priority every open ticket's clock follows. Saved as a whole.
 */
export function ResponseTimesSettings() {
  const t = useT();
  const { data: settings, error: loadError } = useSlaSettings();
  const priorities = useLookupList('priority-defaults');
  const { saveSettings } = useSlaMutations();
  const [form, setForm] = useState<ResponseTimesForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (settings && form === null) setForm(formOf(settings, priorities));
  }, [settings, priorities, form]);

  const edit = (change: Partial<ResponseTimesForm>) => {
    setSaved(false);
    setForm((current) => (current ? { ...current, ...change } : current));
  };

  async function save(values: ResponseTimesForm) {
    setError(null);
    setSaved(false);
    const checked = saveBodyOf(values, priorities);
    if ('problem' in checked) {
      setError(checked.problem);
      return;
    }
    setBusy(true);
    try {
      setForm(formOf(await saveSettings(checked.body), priorities));
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.slaSettingsNotSaved));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="4" as="section" aria-label={t('responseTimes.heading')} maxW="4xl">
      <Heading size="md">{t('responseTimes.heading')}</Heading>
      <Text color="fg.muted" fontSize="sm">{t('responseTimes.intro')}</Text>
      <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} />
      {!form && !loadError ? <Text>{t('responseTimes.loading')}</Text> : null}
      {form ? (
        <Stack as="form" gap="5" aria-label={t('responseTimes.form')} onSubmit={(event) => { event.preventDefault(); void save(form); }}>
          <Field.Root required maxW="sm">
            <Field.Label>{t('responseTimes.timeZone')}</Field.Label>
            <Input value={form.time_zone} onChange={(event) => edit({ time_zone: event.target.value })} />
            <Field.HelperText>{t('responseTimes.timeZoneHint')}</Field.HelperText>
          </Field.Root>
          <WorkingDays days={form.days} onChange={(day) => edit({ days: form.days.map((d) => (d.day === day.day ? day : d)) })} />
          <Field.Root maxW="sm">
            <Field.Label>{t('responseTimes.holidays')}</Field.Label>
            <Textarea rows={4} value={form.holidays} onChange={(event) => edit({ holidays: event.target.value })} />
            <Field.HelperText>{t('responseTimes.holidaysHint')}</Field.HelperText>
          </Field.Root>
          <Stack gap="2">
            <Heading as="h3" size="sm">{t('responseTimes.targets')}</Heading>
            <TargetsTable label={t('responseTimes.targets')} targets={form.targets} onChange={(row) => edit({ targets: form.targets.map((t) => (t.priority_id === row.priority_id ? row : t)) })} />
          </Stack>
          <HStack justify="end" gap="3">
            {saved ? <Text role="status" fontSize="sm">{t('responseTimes.saved')}</Text> : null}
            <Button type="submit" colorPalette="blue" loading={busy}>{t('responseTimes.save')}</Button>
          </HStack>
        </Stack>
      ) : null}
      {form ? <CompanyTargets /> : null}
    </Stack>
  );
}
