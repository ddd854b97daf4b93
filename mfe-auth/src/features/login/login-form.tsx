import { lazy, Suspense, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Field, Heading, HStack, Input, Link, Separator, Stack } from '@chakra-ui/react';
import { errorMessage, isSecondFactorChallenge, useApiClient } from '@portal/api-client';
import type { SecondFactorMethod, SessionAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { passkeyFailure, signInWithPasskey } from '../../lib/webauthn';
import { LanguagePicker } from '../../components/language-picker';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

// The second step loads when a password asks for it: its form (react-hook-form) stays off the
// sign-in page's first screen and its 150 KB (docs/performance.md#the-budgets).
const SecondFactorStep = lazy(() => import('./components/second-factor-step').then((module) => ({ default: module.SecondFactorStep })));

/**
 * How the form links to the other public pages: the router's link in the app, a plain link on the sign-in
 * page of its own. Chakra's `Link asChild` gives it the link's class and ref: it must pass them to its `<a>`.
 */
export type PageLink = ComponentType<{ to: string; children?: ReactNode }>;

export interface LoginFormProps {
  /** The session the API answered, once the password (and the second factor) or a passkey was accepted. */
  onSignedIn(answer: SessionAnswer): void;
  PageLink: PageLink;
}

/**
 * The login form (docs/product/accounts-and-roles.md#signing-in): the password, then the second
 * factor when the account has one, or a passkey instead of the password
 * (docs/product/accounts-and-roles.md#account-security). What follows sign-in is the caller's: the
 * app's route (login-page.tsx) or the sign-in page of its own (src/sign-in).
 */
export function LoginForm({ onSignedIn, PageLink }: LoginFormProps) {
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState<'password' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

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
        onSignedIn(answer);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.unknownId));
      setSubmitting(null);
    }
  }

  async function trySignInWithPasskey() {
    setSubmitting('passkey');
    setError(null);
    try {
      onSignedIn(await signInWithPasskey(client));
    } catch (failure) {
      setError(passkeyFailure(failure));
      setSubmitting(null);
    }
  }

  const frame = { maxW: 'sm', mx: 'auto', mt: { base: '6', md: '16' }, p: '6', borderWidth: '1px', rounded: 'lg', bg: 'bg.panel', shadow: 'sm' };
  if (secondFactor) {
    return (
      <Box {...frame}>
        <Suspense fallback={null}>
          <SecondFactorStep
            methods={secondFactor}
            onSignedIn={onSignedIn}
            onRestart={() => {
              setSecondFactor(null);
              setPassword('');
            }}
          />
        </Suspense>
      </Box>
    );
  }

  return (
    <>
      <Box {...frame}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="4">
            <Heading as="h1" size="xl" textAlign="center">
              {t('login.heading')}
            </Heading>
            {error ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{shown(error)}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root>
              <Field.Label>{t('login.username')}</Field.Label>
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
              <Field.Label>{t('login.password')}</Field.Label>
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={submitting === 'password'} loadingText={t('login.submitting')} disabled={submitting === 'passkey'}>
              {t('login.submit')}
            </Button>
            <Separator />
            <Button
              variant="outline"
              onClick={() => void trySignInWithPasskey()}
              loading={submitting === 'passkey'}
              loadingText={t('login.passkeyWaiting')}
              disabled={submitting === 'password'}
            >
              {t('login.passkey')}
            </Button>
            <HStack justify="space-between" fontSize="sm">
              <Link asChild colorPalette="blue">
                <PageLink to="/forgotpassword">{t('login.forgot')}</PageLink>
              </Link>
              <Link asChild colorPalette="blue">
                <PageLink to="/register">{t('login.register')}</PageLink>
              </Link>
            </HStack>
          </Stack>
        </form>
      </Box>
      {/* Below the card: the language of the signed-out pages (src/components/language-picker.tsx). */}
      <LanguagePicker />
    </>
  );
}
