import { useState, type FormEvent } from 'react';
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { errorMessage, useSavedViewMutations } from '@portal/api-client';
import { SAVED_VIEW_NAME_MAX, savedViewFilterOf, type SavedViewBoard } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useMessageText } from '@portal/i18n/message-text';
import { useSavedListPrefs } from '../hooks/use-saved-list-prefs';
import { useT } from '../messages';

/** "Save view" next to the filters (docs/product/tags-and-views.md#saved-views): the board's filter and sort under a name. */
export function SaveViewButton({ board, tags }: { board: SavedViewBoard; tags: readonly string[] }) {
  const t = useT();
  const messageText = useMessageText();
  const { prefs } = useSavedListPrefs();
  const { create } = useSavedViewMutations();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await create({ name, filter: savedViewFilterOf(board, prefs, tags) });
      setName('');
      setOpen(false);
    } catch (caught) {
      setFailure(messageText(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => { setOpen(next); setFailure(null); }} placement="top" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">{t('views.save')}</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={(event: FormEvent) => void save(event)}>
            <Dialog.Header>
              <Dialog.Title>{t('views.save')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t('views.name')}</Field.Label>
                  <Input value={name} maxLength={SAVED_VIEW_NAME_MAX} onChange={(event) => setName(event.target.value)} autoFocus />
                  <Field.HelperText>{t('views.hint', { board: board === 'kanban' ? 'kanban' : 'list' })}</Field.HelperText>
                </Field.Root>
                <ErrorAlert message={failure} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
              <Button type="submit" colorPalette="blue" loading={busy} disabled={name.trim() === ''}>{t('common.save')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
