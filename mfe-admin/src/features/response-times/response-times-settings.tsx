import { useEffect, useState } from 'react';
import { Button, Field, Fieldset, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useLookupList, useSlaMutations, useSlaSettings } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { CompanyTargets } from './company-targets';
import { formOf, saveBodyOf, type DayRow, type ResponseTimesForm } from './response-times-form';
import { TargetsTable } from './targets-table';

function WorkingDays({ days, onChange }: { days: DayRow[]; onChange(day: DayRow): void }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Working days and hours</Fieldset.Legend>
      <Stack gap="2">
        {days.map((row) => (
          <HStack key={row.day} gap="3" wrap="wrap">
            <HStack as="label" gap="1" minW="32">
              <input type="checkbox" checked={row.working} onChange={(event) => onChange({ ...row, working: event.target.checked })} />
              <Text as="span">{row.name}</Text>
            </HStack>
            <Input
              type="time" size="sm" maxW="32" aria-label={`${row.name} opens`} value={row.open} disabled={!row.working}
              onChange={(event) => onChange({ ...row, open: event.target.value })}
            />
            <Text as="span" aria-hidden>to</Text>
            <Input
              type="time" size="sm" maxW="32" aria-label={`${row.name} closes`} value={row.close} disabled={!row.working}
              onChange={(event) => onChange({ ...row, close: event.target.value })}
            />
          </HStack>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}

/**
 * Admin Settings, Response times (docs/product/response-times.md): the business hours (time zone, working days and
 * hours, holidays) and the targets per priority every open ticket's clock follows. Saved as a whole.
 */
export function ResponseTimesSettings() {
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
    <Stack gap="4" as="section" aria-label="Response times" maxW="4xl">
      <Heading size="md">Response times</Heading>
      <Text color="fg.muted" fontSize="sm">
        Each open ticket shows when its first response and its resolution are due, counted in business hours only and
        paused while the ticket waits on the client (Need More Info, Testing). A priority without a target has no clock.
      </Text>
      <ErrorAlert message={error ?? (loadError ? errorMessage(loadError) : null)} />
      {!form && !loadError ? <Text>Loading…</Text> : null}
      {form ? (
        <Stack as="form" gap="5" aria-label="Response times settings" onSubmit={(event) => { event.preventDefault(); void save(form); }}>
          <Field.Root required maxW="sm">
            <Field.Label>Time zone</Field.Label>
            <Input value={form.time_zone} onChange={(event) => edit({ time_zone: event.target.value })} />
            <Field.HelperText>An IANA name, such as Europe/Berlin or America/New_York.</Field.HelperText>
          </Field.Root>
          <WorkingDays days={form.days} onChange={(day) => edit({ days: form.days.map((d) => (d.day === day.day ? day : d)) })} />
          <Field.Root maxW="sm">
            <Field.Label>Holidays</Field.Label>
            <Textarea rows={4} value={form.holidays} onChange={(event) => edit({ holidays: event.target.value })} />
            <Field.HelperText>One date per line, as YYYY-MM-DD. No business time counts on these days.</Field.HelperText>
          </Field.Root>
          <Stack gap="2">
            <Heading as="h3" size="sm">Targets per priority</Heading>
            <TargetsTable label="Targets per priority" targets={form.targets} onChange={(row) => edit({ targets: form.targets.map((t) => (t.priority_id === row.priority_id ? row : t)) })} />
          </Stack>
          <HStack justify="end" gap="3">
            {saved ? <Text role="status" fontSize="sm">Response times saved.</Text> : null}
            <Button type="submit" colorPalette="blue" loading={busy}>Save response times</Button>
          </HStack>
        </Stack>
      ) : null}
      {form ? <CompanyTargets /> : null}
    </Stack>
  );
}
