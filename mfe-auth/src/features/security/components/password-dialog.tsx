import { useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '@portal/api-client';
import { ErrorAlert } from '@portal/ui';

export interface PasswordDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs with the typed password; a failure stays in the dialog with the server's message. */
  onConfirm(password: string): Promise<unknown>;
  onClose(): void;
}

/**
 * Asks for the password again before a second factor is removed
 * (docs/product/accounts-and-roles.md#account-security). The dialog traps focus; a wrong
 * password keeps the dialog open with what was typed.
 */
export function PasswordDialog({ open, title, message, confirmLabel, onConfirm, onClose }: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  function close() {
    if (busy) return;
    setPassword('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      setPassword('');
      setBusy(false);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : close())} placement="center" initialFocusEl={() => field.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>{message}</Text>
                  <ErrorAlert message={error} />
                  <Field.Root>
                    <Field.Label>Your password</Field.Label>
                    <Input
                      ref={field}
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="red" loading={busy} disabled={password === ''}>
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
