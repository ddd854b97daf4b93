import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import {
  canSavePassword, isPasswordLongEnough, passwordLengthHint, passwordMatchHint, passwordsMatch,
} from '@portal/domain';
import { ErrorAlert } from '@portal/ui';

export interface NewPasswordFormProps {
  onSave(password: string, confirm: string): Promise<void>;
  error: string | null;
}

/**
 * A new password (docs/product/accounts-and-roles.md#passwords) of at least 8 characters ('Need N more', then "You're good!") and
 * its confirmation ('No match', 'Confirmed!'); Save is disabled until both hold.
 */
export function NewPasswordForm({ onSave, error }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const ready = canSavePassword(password, confirm);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    setSaving(true);
    try {
      await onSave(password, confirm);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <ErrorAlert message={error} />
        <Field.Root invalid={password !== '' && !isPasswordLongEnough(password)}>
          <Field.Label>New Password</Field.Label>
          <Input type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
          <Field.HelperText aria-live="polite" color={isPasswordLongEnough(password) ? 'green.700' : undefined}>
            {passwordLengthHint(password)}
          </Field.HelperText>
        </Field.Root>
        <Field.Root invalid={confirm !== '' && !passwordsMatch(password, confirm)}>
          <Field.Label>Confirm Password</Field.Label>
          <Input type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
          <Field.HelperText aria-live="polite" color={passwordsMatch(password, confirm) ? 'green.700' : undefined}>
            {passwordMatchHint(password, confirm)}
          </Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" disabled={!ready} loading={saving} loadingText="Saving…">
          Save Password
        </Button>
      </Stack>
    </form>
  );
}
