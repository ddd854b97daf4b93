import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { RunningTimer } from '@portal/contract';
import { errorMessage, useTimerElapsed, useTimerMutations } from '@portal/api-client';
import { MESSAGES, formatUnitsHhmm, timerUnits } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

/**
 * What the running timer's time was spent on, before it is logged (rounded up to 6-minute units): stopping it, or,
 * with `startOn`, stopping it to start on that ticket ("Stop the timer on … and start here?"). A refused save keeps
 * the text, with the server's message above it.
 */
export function TimerDialog({ timer, startOn, onClose }: { timer: RunningTimer; startOn: number | null; onClose(): void }) {
  const { start, stop } = useTimerMutations();
  const units = timerUnits(useTimerElapsed(timer));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const t = useT();
  const messageText = useMessageText();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      if (startOn === null) await stop(timer.ticket_id, description);
      else await start(startOn, { ticketId: timer.ticket_id, description });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && !saving && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>{startOn === null ? t('timer.stopTitle', { title: timer.title }) : t('timer.replaceTitle', { title: timer.title })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <ErrorAlert message={error} />
                  <Text>{t('timer.logs', { time: formatUnitsHhmm(units), units })}</Text>
                  <Field.Root>
                    <Field.Label>{messageText(MESSAGES.timerDescriptionLabel)}</Field.Label>
                    <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={3} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>
                  {t('timer.cancel')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('timer.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
