import { useState, type FormEvent } from 'react';
import { Badge, Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useTimeEntryMutations } from '@portal/api-client';
import {
  MESSAGES, canCorrectTimeEntry, canEditTimeEntry, formatDateUs, localDay, timeEntryUnits,
  unitsToHoursMinutes, validateTimeEntryEdit, type Viewer,
} from '@portal/domain';
import { ConfirmDialog } from './confirm-dialog';
import { DurationFields } from './duration-fields';
import { ErrorAlert } from './error-alert';
import { useConfirmedDelete } from './use-confirmed-delete';

/** A time entry as the ticket's time list and the agent's time tab show it. */
export interface ActionableTimeEntry {
  time_id: number;
  ticket_id: number | null;
  contact_id: number | null;
  time: number;
  description: string;
  date: string;
  corrects_time_id: number | null;
  invoice: string | null;
}

export interface TimeEntryActionsProps {
  entry: ActionableTimeEntry;
  viewer: Viewer;
  timeZone: string;
}

type Mode = 'edit' | 'correct';

interface Draft {
  sign: '1' | '-1';
  hours: string;
  minutes: string;
  description: string;
  date: string;
}

function draftOf(entry: ActionableTimeEntry, mode: Mode, timeZone: string): Draft {
  if (mode === 'correct') return { sign: '-1', hours: '0', minutes: '0', description: '', date: '' };
  const { hours, minutes } = unitsToHoursMinutes(Math.abs(entry.time));
  return {
    sign: entry.time < 0 ? '-1' : '1', hours: String(hours), minutes: String(minutes), description: entry.description,
    date: localDay(new Date(entry.date), timeZone),
  };
}

/**
 * An entry's badges ('Correction', 'Invoiced INV-…') and its actions (docs/product/time-and-billing.md#correcting-time):
 * Edit and Delete while its month is open, for its worker or an admin; Log correction once an issued
 * invoice froze it. Shown exactly when @portal/domain says the API would accept them.
 */
export function TimeEntryActions({ entry, viewer, timeZone }: TimeEntryActionsProps) {
  const { update, remove, correct } = useTimeEntryMutations();
  const [mode, setMode] = useState<Mode | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const deletion = useConfirmedDelete((item: ActionableTimeEntry) => remove(item));
  const correction = entry.corrects_time_id !== null;
  const day = formatDateUs(entry.date, timeZone);

  function open(next: Mode) {
    setMode(next);
    setDraft(draftOf(entry, next, timeZone));
    setError(null);
  }
  function close() {
    if (saving) return;
    setMode(null);
    setDraft(null);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || !mode) return;
    const units = timeEntryUnits(Number(draft.hours), Number(draft.minutes));
    const signed = units === null ? 0 : units * (mode === 'correct' || correction ? Number(draft.sign) : 1);
    const input = mode === 'edit' ? { time: signed, description: draft.description, date: draft.date } : { time: signed, description: draft.description };
    const checked = validateTimeEntryEdit(input, { correction: mode === 'correct' || correction, today: localDay(new Date(), timeZone) });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (mode === 'edit') await update(entry, { ...input, time_zone: timeZone });
      else await correct(entry, input, timeZone);
      setSaving(false);
      setMode(null);
      setDraft(null);
    } catch (failure) {
      // A failed save keeps the form as typed.
      setError(errorMessage(failure));
      setSaving(false);
    }
  }

  const set = (patch: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...patch } : current));
  const signed = mode === 'correct' || (mode === 'edit' && correction);
  const title = mode === 'correct' ? 'Log correction' : 'Edit time entry';

  return (
    <HStack gap="1" wrap="wrap">
      {correction ? <Badge colorPalette="orange" size="sm">Correction</Badge> : null}
      {entry.invoice ? <Badge colorPalette="gray" size="sm">Invoiced {entry.invoice}</Badge> : null}
      {canEditTimeEntry(viewer, entry) ? (
        <>
          <Button size="xs" variant="ghost" aria-label={`Edit time entry of ${day}`} onClick={() => open('edit')}>
            Edit
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete time entry of ${day}`} onClick={() => deletion.ask(entry)}>
            Delete
          </Button>
        </>
      ) : null}
      {canCorrectTimeEntry(viewer, entry) ? (
        <Button size="xs" variant="ghost" aria-label={`Log correction for the time entry of ${day}`} onClick={() => open('correct')}>
          Log correction
        </Button>
      ) : null}
      <ErrorAlert message={deletion.error} size="sm" />
      <ConfirmDialog {...deletion.dialog} title="Delete time entry" message={MESSAGES.confirmDeleteTimeEntry} />
      <Dialog.Root
        open={mode !== null}
        onOpenChange={({ open: next }) => {
          if (!next) close();
        }}
        placement="center"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              {draft ? (
                <form aria-label={title} onSubmit={(event) => void submit(event)} noValidate>
                  <Dialog.Header>
                    <Dialog.Title>{title}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="3">
                      {mode === 'correct' ? (
                        <Text fontSize="sm" color="fg.muted">
                          {`The entry of ${day} is on invoice ${entry.invoice ?? ''}. The correction is logged today and shows on this month's invoice as its own line.`}
                        </Text>
                      ) : null}
                      <ErrorAlert message={error} size="sm" />
                      {signed ? (
                        <Field.Root>
                          <Field.Label fontSize="sm">Correction</Field.Label>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field value={draft.sign} onChange={(e) => set({ sign: e.target.value === '1' ? '1' : '-1' })}>
                              <option value="-1">Take time off</option>
                              <option value="1">Add time</option>
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Field.Root>
                      ) : null}
                      <DurationFields hours={draft.hours} minutes={draft.minutes} onChange={set} />
                      {mode === 'edit' ? (
                        <Field.Root>
                          <Field.Label fontSize="sm">Date</Field.Label>
                          <Input size="sm" type="date" value={draft.date} max={localDay(new Date(), timeZone)} onChange={(e) => set({ date: e.target.value })} />
                        </Field.Root>
                      ) : null}
                      <Field.Root>
                        <Field.Label fontSize="sm">Work Description</Field.Label>
                        <Textarea size="sm" rows={3} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
                      </Field.Root>
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" size="sm" onClick={close} disabled={saving}>
                      Cancel
                    </Button>
                    <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
                      {mode === 'correct' ? 'Save Correction' : 'Save Time'}
                    </Button>
                  </Dialog.Footer>
                </form>
              ) : null}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={saving} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
