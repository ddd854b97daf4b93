import { useCallback, useRef, useState, type ReactNode } from 'react';
import { isReauthRequired, useApiClient } from '@portal/api-client';
import { STEP_UP_MINUTES } from '@portal/domain';
import { useT } from './messages';
import { PasswordDialog } from './password-dialog';

export interface StepUpDialogProps {
  open: boolean;
  /** Sends the typed password (POST /account/security/confirm); a failure stays in the dialog with what was typed. */
  onConfirm(password: string): Promise<unknown>;
  /** Closed: `confirmed` after the password was taken, else cancelled. */
  onClose(confirmed: boolean): void;
}

/** 'Confirm it is you': the password asked again before a sensitive change (docs/product/accounts-and-roles.md#sensitive-changes). */
export function StepUpDialog({ open, onConfirm, onClose }: StepUpDialogProps) {
  // The words of @portal/domain's STEP_UP_MESSAGES (confirmTitle, reauthRequired, confirmHint), in the reader's language.
  const t = useT();
  return (
    <PasswordDialog
      open={open}
      title={t('stepUp.title')}
      message={t('stepUp.message')}
      hint={t('stepUp.hint', { minutes: STEP_UP_MINUTES })}
      confirmLabel={t('stepUp.confirm')}
      confirmPalette="blue"
      onConfirm={onConfirm}
      onClose={onClose}
    />
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
