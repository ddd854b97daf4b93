import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useApiClient } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { AuthCard } from '../../components/auth-card';

/**
 * Forgot password (docs/product/accounts-and-roles.md#password-reset), route forgotpassword: the e-mail and a submit. An unknown address
 * answers 'Contact not found. Please try again.'; too many tries the server's wait message.
 */
export function ForgotPasswordPage() {
  const client = useApiClient();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === '') return;
    setSending(true);
    setError(null);
    try {
      await client.auth.forgotPassword(address);
      setSentTo(address);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.unexpectedError));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard>
      <Stack gap="4">
        <Heading as="h1" size="xl" textAlign="center">Forgot your password?</Heading>
        {sentTo ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Check your inbox</Alert.Title>
              <Alert.Description>
                We sent a link to reset your password to {sentTo}. It works once, for one day.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="4">
              <Text color="fg.muted">Enter the e-mail address you sign in with and we will send you a link to set a new password.</Text>
              <ErrorAlert message={error} />
              <Field.Root required>
                <Field.Label>Email</Field.Label>
                <Input
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  autoFocus
                />
              </Field.Root>
              <Button type="submit" colorPalette="blue" loading={sending} loadingText="Sending…" disabled={email.trim() === ''}>
                Send Reset Link
              </Button>
            </Stack>
          </form>
        )}
        <Link asChild colorPalette="blue" fontSize="sm" alignSelf="center">
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
