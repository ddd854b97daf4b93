import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '@portal/api-client';
import { confirmPasswordRequest } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { formResolver } from '../form-resolver';
import { useT } from './messages';

interface PasswordConfirmation {
  password: string;
}

/** The password as the API takes it (not empty); the confirm button waits for one, so its message is not shown. */
const resolver = formResolver<PasswordConfirmation>(confirmPasswordRequest, MESSAGES.fillAllFields);

export interface PasswordDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** A quieter line under the message. */
  hint?: string;
  confirmLabel: string;
  /** Red for what removes something (a second factor), blue for a confirmation. */
  confirmPalette?: 'red' | 'blue';
  /** Runs with the typed password; a failure stays in the dialog with the server's message. */
  onConfirm(password: string): Promise<unknown>;
  /** Closed: `confirmed` after the password was taken, else cancelled. */
  onClose(confirmed: boolean): void;
}

/**
 * Asks for the password again: before a second factor is removed (docs/product/accounts-and-roles.md#account-security)
 * and before a sensitive change (StepUpDialog). A modal dialog, labelled by its title, that traps focus and starts in
 * the password field; a wrong password keeps it open with what was typed and the server's words.
 */
export function PasswordDialog({ open, title, message, hint, confirmLabel, confirmPalette = 'red', onConfirm, onClose }: PasswordDialogProps) {
  const t = useT();
  const { register, handleSubmit, reset, watch, formState } = useForm<PasswordConfirmation>({ resolver, defaultValues: { password: '' } });
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const busy = formState.isSubmitting;

  function close(confirmed: boolean) {
    if (busy && !confirmed) return;
    reset();
    setError(null);
    onClose(confirmed);
  }

  async function confirm({ password }: PasswordConfirmation) {
    setError(null);
    try {
      await onConfirm(password);
      close(true);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const { ref, ...passwordField } = register('password');
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : close(false))} placement="center" initialFocusEl={() => field.current}>
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
                  <Dialog.Description>{message}</Dialog.Description>
                  {hint ? <Text fontSize="sm" color="fg.muted">{hint}</Text> : null}
                  <ErrorAlert message={error} />
                  <Field.Root>
                    <Field.Label>{t('passwordDialog.password')}</Field.Label>
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
                <Button variant="outline" onClick={() => close(false)} disabled={busy}>
                  {t('passwordDialog.cancel')}
                </Button>
                <Button type="submit" colorPalette={confirmPalette} loading={busy} disabled={watch('password') === ''}>
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
