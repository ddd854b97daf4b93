import { useForm } from 'react-hook-form';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { confirmPasswordRequest } from '@portal/contract';
import {
  MESSAGES, PASSWORD_MIN_LENGTH, canSavePassword, isPasswordLongEnough, passwordMatchHint, passwordsMatch,
} from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

interface NewPassword {
  password: string;
  confirm: string;
}

/**
 * A password and its confirmation, which the domain's canSavePassword must accept; Save waits for
 * it, so the message (the server's for a refused password) is not shown.
 */
const newPasswordSchema = confirmPasswordRequest
  .extend({ confirm: confirmPasswordRequest.shape.password })
  .superRefine(({ password, confirm }, context) => {
    if (!canSavePassword(password, confirm)) context.addIssue({ code: 'custom', path: ['confirm'], message: MESSAGES.contactNotUpdated });
  });
const resolver = formResolver<NewPassword>(newPasswordSchema, MESSAGES.contactNotUpdated);

export interface NewPasswordFormProps {
  onSave(password: string, confirm: string): Promise<void>;
  error: string | null;
}

/**
 * A new password (docs/product/accounts-and-roles.md#passwords) of at least 8 characters ('Need N more', then "You're good!") and
 * its confirmation ('No match', 'Confirmed!'); Save is disabled until both hold.
 */
export function NewPasswordForm({ onSave, error }: NewPasswordFormProps) {
  const t = useT();
  const shown = useShownText();
  const { register, handleSubmit, watch, formState } = useForm<NewPassword>({ resolver, defaultValues: { password: '', confirm: '' } });
  const password = watch('password');
  const confirm = watch('confirm');
  const ready = canSavePassword(password, confirm);

  const save = handleSubmit((values) => onSave(values.password, values.confirm));

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="4">
        <ErrorAlert message={shown(error)} />
        <Field.Root invalid={password !== '' && !isPasswordLongEnough(password)}>
          <Field.Label>{t('password.new')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('password')} autoFocus />
          <Field.HelperText aria-live="polite" color={isPasswordLongEnough(password) ? 'green.700' : undefined}>
            {isPasswordLongEnough(password) ? shown(MESSAGES.passwordGood) : t('password.needMore', { count: PASSWORD_MIN_LENGTH - password.length })}
          </Field.HelperText>
        </Field.Root>
        <Field.Root invalid={confirm !== '' && !passwordsMatch(password, confirm)}>
          <Field.Label>{t('password.confirm')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
          <Field.HelperText aria-live="polite" color={passwordsMatch(password, confirm) ? 'green.700' : undefined}>
            {shown(passwordMatchHint(password, confirm))}
          </Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" disabled={!ready} loading={formState.isSubmitting} loadingText={t('password.saving')}>
          {t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}
