import { lazy, Suspense, useState } from 'react';
import { Badge, Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import { useTimeEntryMutations } from '@portal/api-client';
import { MESSAGES, canCorrectTimeEntry, canEditTimeEntry, formatDate, type Viewer } from '@portal/domain';
import { useFormats } from '@portal/i18n/react';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { useT } from './messages';

// The form (react-hook-form and zod) loads with the first dialog opened, not with every list of entries.
const TimeEntryForm = lazy(() => import('./time-entry-form').then((module) => ({ default: module.TimeEntryForm })));

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

/** Which dialog is open: Edit of an open entry, or Log correction of a frozen one. */
export type TimeEntryMode = 'edit' | 'correct';

/**
 * An entry's badges ('Correction', 'Invoiced INV-…') and its actions (docs/product/time-and-billing.md#correcting-time):
 * Edit and Delete while its month is open, for its worker or an admin; Log correction once an issued
 * invoice froze it. Shown exactly when @portal/domain says the API would accept them.
 */
export function TimeEntryActions({ entry, viewer, timeZone }: TimeEntryActionsProps) {
  const t = useT();
  const messageText = useMessageText();
  const { locale } = useFormats();
  const { remove } = useTimeEntryMutations();
  const [mode, setMode] = useState<TimeEntryMode | null>(null);
  const [saving, setSaving] = useState(false);
  const deletion = useConfirmedDelete((item: ActionableTimeEntry) => remove(item));
  const correction = entry.corrects_time_id !== null;
  // The entry's day as the reader writes dates ('11/21/2026', '21.11.2026'), on the clock the list shows.
  const day = formatDate(entry.date, { locale, timeZone });

  function close() {
    if (saving) return;
    setMode(null);
  }

  return (
    <HStack gap="1" wrap="wrap">
      {correction ? <Badge colorPalette="orange" size="sm">{t('timeEntry.correctionBadge')}</Badge> : null}
      {entry.invoice ? <Badge colorPalette="gray" size="sm">{t('timeEntry.invoiced', { invoice: entry.invoice })}</Badge> : null}
      {canEditTimeEntry(viewer, entry) ? (
        <>
          <Button size="xs" variant="ghost" aria-label={t('timeEntry.editOf', { day })} onClick={() => setMode('edit')}>
            {t('timeEntry.edit')}
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('timeEntry.deleteOf', { day })} onClick={() => deletion.ask(entry)}>
            {t('timeEntry.delete')}
          </Button>
        </>
      ) : null}
      {canCorrectTimeEntry(viewer, entry) ? (
        <Button size="xs" variant="ghost" aria-label={t('timeEntry.correctOf', { day })} onClick={() => setMode('correct')}>
          {t('timeEntry.correct')}
        </Button>
      ) : null}
      <ErrorAlert message={deletion.error} size="sm" />
      <ConfirmDialog {...deletion.dialog} title={t('timeEntry.deleteTitle')} message={messageText(MESSAGES.confirmDeleteTimeEntry)} />
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
              {mode ? (
                <Suspense fallback={null}>
                  <TimeEntryForm
                    key={mode}
                    entry={entry}
                    mode={mode}
                    timeZone={timeZone}
                    onSavingChange={setSaving}
                    onClose={() => setMode(null)}
                  />
                </Suspense>
              ) : null}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('timeEntry.close')} disabled={saving} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
