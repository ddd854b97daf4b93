import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '@portal/api-client';
import { confirmPasswordRequest } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';

interface PasswordConfirmation {
  password: string;
}

/** The password as the API takes it (not empty); the confirm button waits for one, so its message is not shown. */
const resolver = formResolver<PasswordConfirmation>(confirmPasswordRequest, MESSAGES.fillAllFields);

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
  const { register, handleSubmit, reset, watch, formState } = useForm<PasswordConfirmation>({ resolver, defaultValues: { password: '' } });
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const busy = formState.isSubmitting;

  function close() {
    if (busy) return;
    reset();
    setError(null);
    onClose();
  }

  async function confirm({ password }: PasswordConfirmation) {
    setError(null);
    try {
      await onConfirm(password);
      reset();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const { ref, ...passwordField } = register('password');
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : close())} placement="center" initialFocusEl={() => field.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void handleSubmit(confirm)(event)} noValidate>
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
                      ref={(input) => {
                        ref(input);
                        field.current = input;
                      }}
                      type="password"
                      autoComplete="current-password"
                      {...passwordField}
                    />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="red" loading={busy} disabled={watch('password') === ''}>
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
