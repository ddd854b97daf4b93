import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useApiClient } from '@portal/api-client';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { AuthCard } from '../../components/auth-card';
import { LanguagePicker } from '../../components/language-picker';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

/** The address as the API takes it: one that is not an e-mail address is 'Contact not found. Please try again.', as the server says. */
const resolver = formResolver<ForgotPasswordRequest>(forgotPasswordRequest, MESSAGES.contactNotFoundTryAgain);

/**
 * Forgot password (docs/product/accounts-and-roles.md#password-reset), route forgotpassword: the e-mail and a submit. An unknown address
 * answers 'Contact not found. Please try again.' (an address that is not one says so before asking); too many
 * tries the server's wait message. Every message shows above the field.
 */
export function ForgotPasswordPage() {
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const { register, handleSubmit, watch, formState } = useForm<ForgotPasswordRequest>({ resolver, defaultValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const blank = watch('email').trim() === '';

  async function send({ email }: ForgotPasswordRequest) {
    const address = email.trim();
    setError(null);
    try {
      await client.auth.forgotPassword(address);
      setSentTo(address);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.unexpectedError));
    }
  }

  return (
    <>
      <AuthCard>
        <Stack gap="4">
          <Heading as="h1" size="xl" textAlign="center">{t('forgot.heading')}</Heading>
          {sentTo ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('forgot.sentTitle')}</Alert.Title>
                <Alert.Description>
                  {t('forgot.sentText', { email: sentTo })}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <form onSubmit={(event) => void handleSubmit(send, (wrong) => setError(wrong.email?.message ?? null))(event)} noValidate>
              <Stack gap="4">
                <Text color="fg.muted">{t('forgot.intro')}</Text>
                <ErrorAlert message={shown(error)} />
                <Field.Root required invalid={!!formState.errors.email}>
                  <Field.Label>{t('forgot.email')}</Field.Label>
                  <Input type="email" autoComplete="email" {...register('email')} autoFocus />
                </Field.Root>
                <Button type="submit" colorPalette="blue" loading={formState.isSubmitting} loadingText={t('forgot.sending')} disabled={blank}>
                  {t('forgot.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Link asChild colorPalette="blue" fontSize="sm" alignSelf="center">
            <RouterLink to="/login">{t('common.backToSignIn')}</RouterLink>
          </Link>
        </Stack>
      </AuthCard>
      <LanguagePicker />
    </>
  );
}
