import { useState } from 'react';
import { Alert, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, isApiError, useApiClient, useResetCodeStatus } from '@portal/api-client';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordForm } from './components/new-password-form';
import { ResetCodeProblem } from './components/reset-code-problem';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

/** The API's answer about the code itself (docs/product/messages.md#error-catalogue); anything else (no network, a 5xx) is not the code's fault. */
const isCodeProblem = (failure: unknown) => isApiError(failure) && failure.status >= 400 && failure.status < 500 && failure.status !== 429;
const CODE_PROBLEMS: readonly string[] = [MESSAGES.resetCodeInvalid, MESSAGES.resetCodeExpired, MESSAGES.contactNoLongerActive];

/**
 * Reset password (docs/product/accounts-and-roles.md#password-reset), route resetpassword/{resetCode}: the code is checked first; a
 * problem shows its exact cause, else the new-password form, then a success state with Sign in.
 */
export function ResetPasswordPage() {
  const { resetCode = '' } = useParams();
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const status = useResetCodeStatus(resetCode);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function save(password: string, confirm: string) {
    setSaveError(null);
    try {
      await client.auth.resetPassword({ code: resetCode, password, confirm });
      setDone(true);
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.contactNotUpdated);
      // The code may have been used or expired while the form was open.
      if (CODE_PROBLEMS.includes(message)) setCodeProblem(message);
      else setSaveError(message);
    }
  }

  let body;
  if (codeProblem !== null || (status.error && isCodeProblem(status.error))) {
    body = <ResetCodeProblem cause={codeProblem ?? errorMessage(status.error, MESSAGES.resetCodeInvalid)} />;
  } else if (status.error) {
    body = (
      <Stack gap="4">
        <ErrorAlert message={shown(errorMessage(status.error))} />
        <Button variant="outline" onClick={() => void status.mutate()}>{t('reset.checkAgain')}</Button>
      </Stack>
    );
  } else if (!status.data) {
    body = <Center py="8"><Spinner color="blue.500" role="status" aria-label={t('reset.checking')} /></Center>;
  } else if (done) {
    body = (
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="xl">{t('reset.doneHeading')}</Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('reset.doneText')}</Alert.Title>
        </Alert.Root>
        <Button asChild colorPalette="blue">
          <RouterLink to="/login">{t('reset.signIn')}</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="4">
        <Heading as="h1" size="xl" textAlign="center">{t('reset.heading')}</Heading>
        <Text color="fg.muted" textAlign="center">{t('reset.greeting', { name: status.data.first_name, min: PASSWORD_MIN_LENGTH })}</Text>
        <NewPasswordForm onSave={save} error={saveError} />
      </Stack>
    );
  }
  return <AuthCard>{body}</AuthCard>;
}
