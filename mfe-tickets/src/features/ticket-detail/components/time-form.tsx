import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useTicketTime, useTimeMutations } from '@portal/api-client';
import { formatUnitsHhmm, timeEntryUnits, validateTimeEntry } from '@portal/domain';
import { useRefreshHold } from '../hooks/use-refresh-hold';
import { DurationFields, ErrorAlert } from '@portal/ui';

interface Entry {
  hours: string;
  minutes: string;
  description: string;
}

const EMPTY: Entry = { hours: '0', minutes: '0', description: '' };

/** The ticket's total as hh:mm. */
export function TotalTime({ ticketId }: { ticketId: number }) {
  const { data } = useTicketTime(ticketId);
  return (
    <HStack justify="space-between" role="group" aria-label="Total time">
      <Text fontWeight="semibold">Total Time</Text>
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
  const { log } = useTimeMutations(ticketId);
  const [entry, setEntry] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useRefreshHold(entry !== null);

  if (!entry) {
    return (
      <Button size="sm" variant="outline" onClick={() => setEntry(EMPTY)}>
        Log Time
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry) return;
    const units = timeEntryUnits(Number(entry.hours), Number(entry.minutes));
    const checked = validateTimeEntry({ contact_id: contactId, time: units ?? 0, description: entry.description });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await log({ contact_id: checked.value.contact_id, time: checked.value.time, description: checked.value.description });
      setEntry(null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  const set = (patch: Partial<Entry>) => setEntry({ ...entry, ...patch });

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Log time" noValidate>
      <Stack gap="2">
        <ErrorAlert message={error} />
        <DurationFields hours={entry.hours} minutes={entry.minutes} onChange={set} />
        <Field.Root>
          <Field.Label fontSize="sm">Work Description</Field.Label>
          <Textarea size="sm" rows={3} value={entry.description} onChange={(e) => set({ description: e.target.value })} />
        </Field.Root>
        <HStack>
          <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
            Save Time
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setEntry(null);
              setError(null);
            }}
            disabled={saving}
          >
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
