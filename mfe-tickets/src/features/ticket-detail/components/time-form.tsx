import { useState } from 'react';
import { useController, useForm, type FieldErrors } from 'react-hook-form';
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useTicketTime, useTimeMutations } from '@portal/api-client';
import { timeEntryCreate } from '@portal/contract';
import { MESSAGES, formatUnitsHhmm, timeEntryUnits, validateTimeEntry } from '@portal/domain';
import { useRefreshHold } from '../hooks/use-refresh-hold';
import { formResolver } from '@portal/features';
import { DurationFields, ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

interface Entry {
  hours: string;
  minutes: string;
  description: string;
}

const EMPTY: Entry = { hours: '0', minutes: '0', description: '' };

/** The entry as the domain's validateTimeEntry reads it (units from hours and minutes). */
const entryOf = (contactId: number, entry: Partial<Entry>) => ({
  contact_id: contactId,
  time: timeEntryUnits(Number(entry.hours), Number(entry.minutes)) ?? 0,
  description: entry.description,
});

/** The entry as the API takes it, checked by the domain's validateTimeEntry (its message, at the description). */
function entrySchema(contactId: number) {
  return timeEntryCreate.pick({ description: true }).loose().superRefine((values, context) => {
    const checked = validateTimeEntry(entryOf(contactId, values as Partial<Entry>));
    if (!checked.ok) context.addIssue({ code: 'custom', path: ['description'], message: checked.message });
  });
}

/** The first message of a refused entry: what the red alert above the form says. */
const firstMessage = (errors: FieldErrors<Entry>) => errors.description?.message ?? errors.hours?.message ?? errors.minutes?.message ?? MESSAGES.invalidTimeEntry;

/** The ticket's total as hh:mm. */
export function TotalTime({ ticketId }: { ticketId: number }) {
  const { data } = useTicketTime(ticketId);
  const t = useT();
  return (
    <HStack justify="space-between" role="group" aria-label={t('time.totalLabel')}>
      <Text fontWeight="semibold">{t('time.total')}</Text>
      <Text fontFamily="mono" fontSize="lg" data-testid="total-time">
        {formatUnitsHhmm(data?.total_time ?? 0)}
      </Text>
    </HStack>
  );
}

/**
 * Logging time (staff): hours 0-12, minutes 0-54 in steps of 6 and a description; the red alert
 * above the form carries the documented message (docs/product/time-and-billing.md#logging-time). While open, the ticket is not reloaded.
 */
export function TimeForm({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const [open, setOpen] = useState(false);
  useRefreshHold(open);
  const t = useT();

  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('time.log')}
      </Button>
    );
  }
  return <LogTimeForm ticketId={ticketId} contactId={contactId} onClose={() => setOpen(false)} />;
}

/** The open form: a failed save keeps what was typed, with the server's message above it. */
function LogTimeForm({ ticketId, contactId, onClose }: { ticketId: number; contactId: number; onClose(): void }) {
  const { log } = useTimeMutations(ticketId);
  const [resolver] = useState(() => formResolver<Entry>(entrySchema(contactId), MESSAGES.invalidTimeEntry));
  const { control, register, handleSubmit, formState } = useForm<Entry>({ resolver, defaultValues: EMPTY });
  // The hours and minutes selects are one custom component (DurationFields).
  const { field: hours } = useController({ control, name: 'hours' });
  const { field: minutes } = useController({ control, name: 'minutes' });
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  async function save(entry: Entry) {
    const checked = validateTimeEntry(entryOf(contactId, entry));
    if (!checked.ok) return;
    setError(null);
    try {
      await log({ contact_id: checked.value.contact_id, time: checked.value.time, description: checked.value.description });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(save, (wrong) => setError(firstMessage(wrong)))(event)} aria-label={t('time.formLabel')} noValidate>
      <Stack gap="2">
        <ErrorAlert message={error} />
        <DurationFields
          hours={hours.value}
          minutes={minutes.value}
          onChange={(patch) => {
            if (patch.hours !== undefined) hours.onChange(patch.hours);
            if (patch.minutes !== undefined) minutes.onChange(patch.minutes);
          }}
        />
        <Field.Root>
          <Field.Label fontSize="sm">{t('time.description')}</Field.Label>
          <Textarea size="sm" rows={3} {...register('description')} />
        </Field.Root>
        <HStack>
          <Button type="submit" size="sm" colorPalette="blue" loading={formState.isSubmitting}>
            {t('time.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} disabled={formState.isSubmitting}>
            {t('time.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
