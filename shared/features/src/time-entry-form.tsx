import { useState } from 'react';
import { Button, Dialog, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { errorMessage, useTimeEntryMutations } from '@portal/api-client';
import { timeEntryUpdate } from '@portal/contract';
import { MESSAGES, formatDate, localDay, timeEntryUnits, unitsToHoursMinutes, validateTimeEntryEdit } from '@portal/domain';
import { useFormats } from '@portal/i18n/react';
import { DurationFields, ErrorAlert } from '@portal/ui';
import { useT } from './messages';
import type { ActionableTimeEntry, TimeEntryMode as Mode } from './time-entry-actions';

/** The form as typed: the sign of a correction, hours and minutes as the selects hold them, the day, the description. */
interface Draft {
  sign: '1' | '-1';
  hours: string;
  minutes: string;
  description: string;
  date: string;
}

/** What the API is sent: an edit's time, description and day, or a correction's time and description. */
type Checked = { time: number; description: string; date?: string };

/**
 * The draft checked as the API checks it: the contract's schema of an edit (description and day as
 * typed; the other fields pass through), then validateTimeEntryEdit on the units, signed when the
 * entry is (or makes) a correction, with the spec's messages: one message for the whole form.
 */
function draftResolver(mode: Mode, correction: boolean, timeZone: string): Resolver<Draft, unknown, Checked> {
  const schema = timeEntryUpdate.loose().transform((draft, context): Checked => {
    const units = timeEntryUnits(Number(draft.hours), Number(draft.minutes));
    const signed = units === null ? 0 : units * (mode === 'correct' || correction ? Number(draft.sign) : 1);
    const description = draft.description ?? '';
    const input: Checked = mode === 'edit' ? { time: signed, description, date: draft.date ?? '' } : { time: signed, description };
    const checked = validateTimeEntryEdit(input, { correction: mode === 'correct' || correction, today: localDay(new Date(), timeZone) });
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message, path: ['root'] });
    return input;
  });
  // The contract's zod comes with @portal/contract (a shared singleton): no second zod is bundled.
  return zodResolver(schema, { error: () => MESSAGES.invalidTimeEntry }) as unknown as Resolver<Draft, unknown, Checked>;
}

function draftOf(entry: ActionableTimeEntry, mode: Mode, timeZone: string): Draft {
  if (mode === 'correct') return { sign: '-1', hours: '0', minutes: '0', description: '', date: '' };
  const { hours, minutes } = unitsToHoursMinutes(Math.abs(entry.time));
  return {
    sign: entry.time < 0 ? '-1' : '1', hours: String(hours), minutes: String(minutes), description: entry.description,
    date: localDay(new Date(entry.date), timeZone),
  };
}

export interface TimeEntryFormProps {
  entry: ActionableTimeEntry;
  mode: Mode;
  timeZone: string;
  /** Told true while the save runs (the dialog stays open), false when it ended. */
  onSavingChange(saving: boolean): void;
  /** Closes the dialog: after a save, or on Cancel. */
  onClose(): void;
}

/**
 * Edit (units, day, description) or Log correction (signed units, description) of one entry
 * (docs/product/time-and-billing.md#correcting-time), in the dialog TimeEntryActions opens; loaded
 * with the first dialog, so the list's screen does not carry the form library.
 */
export function TimeEntryForm({ entry, mode, timeZone, onSavingChange, onClose }: TimeEntryFormProps) {
  const t = useT();
  const { locale } = useFormats();
  const { update, correct } = useTimeEntryMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const correction = entry.corrects_time_id !== null;
  const day = formatDate(entry.date, { locale, timeZone });
  const { register, handleSubmit, setValue, watch, formState } = useForm<Draft, unknown, Checked>({
    resolver: draftResolver(mode, correction, timeZone),
    defaultValues: draftOf(entry, mode, timeZone),
    // A message stays until the next Save, as the spec's forms show it.
    reValidateMode: 'onSubmit',
  });
  const saving = formState.isSubmitting;
  const error = failure ?? formState.errors.root?.message ?? null;

  async function save(input: Checked) {
    setFailure(null);
    onSavingChange(true);
    try {
      if (mode === 'edit') await update(entry, { ...input, time_zone: timeZone });
      else await correct(entry, input, timeZone);
      onSavingChange(false);
      onClose();
    } catch (caught) {
      // A failed save keeps the form as typed.
      setFailure(errorMessage(caught));
      onSavingChange(false);
    }
  }

  const draft = watch();
  const signed = mode === 'correct' || correction;
  const title = mode === 'correct' ? t('timeEntryForm.correctTitle') : t('timeEntryForm.editTitle');

  return (
    <form aria-label={title} onSubmit={(event) => void handleSubmit(save, () => setFailure(null))(event)} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {mode === 'correct' ? (
            <Text fontSize="sm" color="fg.muted">
              {t('timeEntryForm.correctIntro', { day, invoice: entry.invoice ?? '' })}
            </Text>
          ) : null}
          <ErrorAlert message={error} size="sm" />
          {signed ? (
            <Field.Root>
              <Field.Label fontSize="sm">{t('timeEntryForm.sign')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field {...register('sign')}>
                  <option value="-1">{t('timeEntryForm.takeOff')}</option>
                  <option value="1">{t('timeEntryForm.addTime')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
          <DurationFields
            hours={draft.hours}
            minutes={draft.minutes}
            onChange={({ hours, minutes }) => {
              if (hours !== undefined) setValue('hours', hours);
              if (minutes !== undefined) setValue('minutes', minutes);
            }}
          />
          {mode === 'edit' ? (
            <Field.Root>
              <Field.Label fontSize="sm">{t('timeEntryForm.date')}</Field.Label>
              <Input size="sm" type="date" max={localDay(new Date(), timeZone)} {...register('date')} />
            </Field.Root>
          ) : null}
          <Field.Root>
            <Field.Label fontSize="sm">{t('timeEntryForm.description')}</Field.Label>
            <Textarea size="sm" rows={3} {...register('description')} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" size="sm" onClick={onClose} disabled={saving}>
          {t('timeEntryForm.cancel')}
        </Button>
        <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
          {mode === 'correct' ? t('timeEntryForm.saveCorrection') : t('timeEntryForm.saveTime')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
