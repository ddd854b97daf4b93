import { useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from './messages';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** While true the confirm button shows a spinner and the dialog stays open. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

interface Words {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * An alert dialog asking the user to confirm a destructive action. While it fades out it keeps the
 * words it was open with: callers clear the message (and name no title) once nothing is pending.
 */
export function ConfirmDialog({
  open, message, title: ownTitle, confirmLabel: ownConfirmLabel, cancelLabel, busy = false,
  onConfirm, onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const title = ownTitle ?? t('confirm.title');
  const confirmLabel = ownConfirmLabel ?? t('confirm.delete');
  const [lastOpen, setLastOpen] = useState<Words>({ title, message, confirmLabel });
  if (open && (lastOpen.title !== title || lastOpen.message !== message || lastOpen.confirmLabel !== confirmLabel)) {
    setLastOpen({ title, message, confirmLabel });
  }
  const words = open ? { title, message, confirmLabel } : lastOpen;
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={({ open: next }) => {
        if (!next && !busy) onCancel();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{words.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{words.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel ?? t('confirm.cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                {words.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
