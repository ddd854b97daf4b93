import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { MINUTE_OPTIONS, TIME_ENTRY_HOUR_OPTIONS } from '@portal/domain';
import { useT } from './messages';

/** Hours and Minutes of a time entry (docs/product/time-and-billing.md#logging-time): the log-time form and the entry editor. */
export function DurationFields({ hours, minutes, onChange }: {
  hours: string; minutes: string; onChange(patch: { hours?: string; minutes?: string }): void;
}) {
  const t = useT();
  return (
    <HStack>
      <Field.Root>
        <Field.Label fontSize="sm">{t('duration.hours')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={hours} onChange={(e) => onChange({ hours: e.target.value })}>
            {TIME_ENTRY_HOUR_OPTIONS.map((h) => <option key={h} value={h}>{h}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label fontSize="sm">{t('duration.minutes')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={minutes} onChange={(e) => onChange({ minutes: e.target.value })}>
            {MINUTE_OPTIONS.map((m) => <option key={m} value={m}>{m}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}
