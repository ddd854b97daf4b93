import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage, isReauthRequired, useApiClient } from '@portal/api-client';
import { confirmPasswordRequest } from '@portal/contract';
import { MESSAGES, STEP_UP_MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { formResolver } from './form-resolver';

interface PasswordTyped {
  password: string;
}

const resolver = formResolver<PasswordTyped>(confirmPasswordRequest, MESSAGES.fillAllFields);

export interface StepUpDialogProps {
  open: boolean;
  /** Sends the typed password (POST /account/security/confirm); a failure stays in the dialog with what was typed. */
  onConfirm(password: string): Promise<unknown>;
  /** Closed: `confirmed` after the password was taken, else cancelled. */
  onClose(confirmed: boolean): void;
}

/**
 * 'Confirm it is you': the password asked again before a sensitive change
 * (docs/product/accounts-and-roles.md#sensitive-changes). A modal dialog, labelled by its title, that
 * traps focus and starts in the password field; a wrong password keeps it open with the server's words.
 */
export function StepUpDialog({ open, onConfirm, onClose }: StepUpDialogProps) {
  const { register, handleSubmit, reset, watch, formState } = useForm<PasswordTyped>({ resolver, defaultValues: { password: '' } });
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const busy = formState.isSubmitting;

  const close = (confirmed: boolean) => {
    reset();
    setError(null);
    onClose(confirmed);
  };

  async function confirm({ password }: PasswordTyped) {
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
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => (next || busy ? undefined : close(false))}
      placement="center"
      initialFocusEl={() => field.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void handleSubmit(confirm)(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{STEP_UP_MESSAGES.confirmTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Dialog.Description>{STEP_UP_MESSAGES.reauthRequired}</Dialog.Description>
                  <Text fontSize="sm" color="fg.muted">{STEP_UP_MESSAGES.confirmHint}</Text>
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
                <Button variant="outline" onClick={() => close(false)} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy} disabled={watch('password') === ''}>
                  Confirm
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface Waiting {
  retry(): void;
  cancel(): void;
}

export interface StepUp {
  /**
   * Runs `change`; when the API answers that the password is needed again, asks for it in the dialog
   * and runs `change` once more. Cancelled, it fails with the API's 'Enter your password again to
   * change this.', so the form that asked keeps what was typed and says why.
   */
  withStepUp<T>(change: () => Promise<T>): Promise<T>;
  /** The dialog, for the screen to render. */
  dialog: ReactNode;
}

/** The password dialog of a screen whose changes may need a step-up (docs/product/accounts-and-roles.md#sensitive-changes). */
export function useStepUp(): StepUp {
  const client = useApiClient();
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const withStepUp = useCallback(async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (failure) {
      if (!isReauthRequired(failure)) throw failure;
      return new Promise<T>((resolve, reject) => {
        waiting.current = { retry: () => change().then(resolve, reject), cancel: () => reject(failure) };
        setOpen(true);
      });
    }
  }, []);

  const onClose = (confirmed: boolean) => {
    const held = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) held?.retry();
    else held?.cancel();
  };

  const dialog = <StepUpDialog open={open} onConfirm={(password) => client.security.confirmIdentity({ password })} onClose={onClose} />;
  return { withStepUp, dialog };
}
