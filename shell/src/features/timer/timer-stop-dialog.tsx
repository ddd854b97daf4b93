import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { RunningTimer } from '@portal/contract';
import { errorMessage, useTimerElapsed, useTimerMutations } from '@portal/api-client';
import { MESSAGES, formatUnitsHhmm, timerUnits } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/**
 * Stopping the timer (docs/product/time-and-billing.md#timers): what the time was spent on, and the time it logs,
 * rounded up to 6-minute units; or Discard, which logs nothing. A refused save keeps the text, with the server's message above it.
 */
export function TimerStopDialog({ timer, onClose }: { timer: RunningTimer; onClose(): void }) {
  const t = useT();
  const messageText = useMessageText();
  const { stop, discard } = useTimerMutations();
  const units = timerUnits(useTimerElapsed(timer));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent | null) {
    event?.preventDefault();
    setSaving(true);
    setError(null);
    try {
      if (event) await stop(timer.ticket_id, description);
      else await discard();
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
                <Dialog.Title>{t('timerStop.title', { title: timer.title })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <ErrorAlert message={error} />
                  <Text>{t('timerStop.logs', { time: formatUnitsHhmm(units), units })}</Text>
                  <Field.Root>
                    <Field.Label>{messageText(MESSAGES.timerDescriptionLabel)}</Field.Label>
                    <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={3} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>
                  {t('common.cancel')}
                </Button>
                <Button variant="outline" colorPalette="red" onClick={() => void submit(null)} disabled={saving}>
                  {t('timerStop.discard')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('timerStop.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
