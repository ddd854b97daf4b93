import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Field, Heading, HStack, Input, Link, Separator, Stack } from '@chakra-ui/react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { errorMessage, isSecondFactorChallenge, useApiClient } from '@portal/api-client';
import type { SecondFactorMethod, SessionAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';
import { passkeyFailure, signWithPasskey } from '../../lib/webauthn';
import { SecondFactorStep } from './components/second-factor-step';
import { resolveRedirect } from './resolve-redirect';

/**
 * The login screen, routes / and /login (docs/product/accounts-and-roles.md#signing-in): the
 * password, then the second factor when the account has one, or a passkey instead of the password
 * (docs/product/accounts-and-roles.md#account-security).
 */
export function LoginPage() {
  const client = useApiClient();
  const location = useLocation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const dashboard = useSession((s) => s.dashboard);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState<'password' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

  if (isLoggedIn) return <Navigate to={target ?? dashboard} replace />;
  if (target) {
    // Signed out while this page stayed mounted (its navigation to the target was still in its
    // transition when Sign Out came): the form shows again, empty as on a fresh page.
    setTarget(null);
    setUsername('');
    setPassword('');
    setSubmitting(null);
    setSecondFactor(null);
  }

  function signedIn(answer: SessionAnswer) {
    // The target is set before the session so the render that sees the new session goes there,
    // not to the dashboard a signed-in visitor of this page is sent to.
    setTarget(resolveRedirect(location.search, location.state, answer.dashboard));
    useSession.getState().signIn(answer);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting('password');
    setError(null);
    try {
      const answer = await client.auth.login({ username: username.trim(), password });
      if (isSecondFactorChallenge(answer)) {
        setSecondFactor(answer.second_factor.methods);
        setSubmitting(null);
      } else {
        signedIn(answer);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.unknownId));
      setSubmitting(null);
    }
  }

  async function signInWithPasskey() {
    setSubmitting('passkey');
    setError(null);
    try {
      const response = await signWithPasskey(await client.security.passkeySignInOptions());
      signedIn(await client.security.passkeySignIn(response));
    } catch (failure) {
      setError(passkeyFailure(failure));
      setSubmitting(null);
    }
  }

  const frame = { maxW: 'sm', mx: 'auto', mt: { base: '6', md: '16' }, p: '6', borderWidth: '1px', rounded: 'lg', bg: 'bg.panel', shadow: 'sm' };
  if (secondFactor) {
    return (
      <Box {...frame}>
        <SecondFactorStep
          methods={secondFactor}
          onSignedIn={signedIn}
          onRestart={() => {
            setSecondFactor(null);
            setPassword('');
          }}
        />
      </Box>
    );
  }

  return (
    <Box {...frame}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <Heading as="h1" size="xl" textAlign="center">
            Please Log In
          </Heading>
          {error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root>
            <Field.Label>Username</Field.Label>
            <Input
              name="username"
              type="email"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoFocus
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={submitting === 'password'} loadingText="Signing in…" disabled={submitting === 'passkey'}>
            Sign In
          </Button>
          <Separator />
          <Button
            variant="outline"
            onClick={() => void signInWithPasskey()}
            loading={submitting === 'passkey'}
            loadingText="Waiting for your passkey…"
            disabled={submitting === 'password'}
          >
            Sign in with a passkey
          </Button>
          <HStack justify="space-between" fontSize="sm">
            <Link asChild colorPalette="blue">
              <RouterLink to="/forgotpassword">Forgot your password?</RouterLink>
            </Link>
            <Link asChild colorPalette="blue">
              <RouterLink to="/register">Create an account</RouterLink>
            </Link>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
