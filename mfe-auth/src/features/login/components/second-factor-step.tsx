import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useApiClient } from '@portal/api-client';
import { secondFactorRequest, type SecondFactorMethod, type SessionAnswer } from '@portal/contract';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { passkeyFailure, signInWithPasskey } from '../../../lib/webauthn';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

type CodeMethod = Extract<SecondFactorMethod, 'totp' | 'recovery'>;

const FIELD = {
  totp: { label: 'secondFactor.totpLabel', autoComplete: 'one-time-code', inputMode: 'numeric' },
  recovery: { label: 'secondFactor.recoveryLabel', autoComplete: 'off', inputMode: 'text' },
} as const satisfies Record<CodeMethod, { label: string; autoComplete: string; inputMode: 'numeric' | 'text' }>;

const ENTER_CODE = 'Enter the code first.';

interface CodeValues {
  method: CodeMethod;
  code: string;
}

/** The API's own request: a code of the method, not blank (trimmed); anything else reads 'Enter the code first.'. */
const resolver = formResolver<CodeValues>(secondFactorRequest, ENTER_CODE);

interface CodeFormProps {
  method: CodeMethod;
  busy: boolean;
  disabled: boolean;
  onCode(values: CodeValues): Promise<void>;
  onInvalid(message: string): void;
}

/** The code of one method; a new method starts a new, empty form (the step keys it by method). */
function CodeForm({ method, busy, disabled, onCode, onInvalid }: CodeFormProps) {
  const { register, handleSubmit } = useForm<CodeValues>({ resolver, defaultValues: { method, code: '' } });
  const t = useT();
  const field = FIELD[method];
  return (
    <form onSubmit={(event) => void handleSubmit(onCode, () => onInvalid(ENTER_CODE))(event)} noValidate>
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t(field.label)}</Field.Label>
          <Input
            {...register('code')}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            spellCheck={false}
            autoFocus
          />
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t('secondFactor.checking')} disabled={disabled}>
          {t('secondFactor.verify')}
        </Button>
      </Stack>
    </form>
  );
}

export interface SecondFactorStepProps {
  /** What the server offers this user, in its order. */
  methods: SecondFactorMethod[];
  onSignedIn(answer: SessionAnswer): void;
  /** Back to the password step (the sign-in expired, or the user wants to start over). */
  onRestart(): void;
}

/**
 * The sign-in's second step (docs/product/accounts-and-roles.md#account-security): a code from the
 * authenticator app, a passkey, or a recovery code. A wrong code shows the server's message and
 * keeps what was typed.
 */
export function SecondFactorStep({ methods, onSignedIn, onRestart }: SecondFactorStepProps) {
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const [method, setMethod] = useState<CodeMethod | null>(
    methods.includes('totp') ? 'totp' : methods.includes('passkey') ? null : 'recovery',
  );
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submitCode({ method: codeMethod, code }: CodeValues) {
    setBusy('code');
    setError(null);
    try {
      onSignedIn(await client.security.secondFactor({ method: codeMethod, code: code.trim() }));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(null);
    }
  }

  async function trySignInWithPasskey() {
    setBusy('passkey');
    setError(null);
    try {
      onSignedIn(await signInWithPasskey(client));
    } catch (failure) {
      setError(passkeyFailure(failure));
      setBusy(null);
    }
  }

  function switchTo(next: CodeMethod) {
    setMethod(next);
    setError(null);
  }

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" textAlign="center">
        {t('secondFactor.heading')}
      </Heading>
      <ErrorAlert message={shown(error)} />
      {method ? (
        <CodeForm
          key={method}
          method={method}
          busy={busy === 'code'}
          disabled={busy !== null}
          onCode={submitCode}
          onInvalid={setError}
        />
      ) : (
        <Text>{t('secondFactor.passkeyHint')}</Text>
      )}
      <Stack gap="2">
        {methods.includes('passkey') ? (
          <Button variant="outline" onClick={() => void trySignInWithPasskey()} loading={busy === 'passkey'} disabled={busy !== null}>
            {t('secondFactor.usePasskey')}
          </Button>
        ) : null}
        {methods.includes('totp') && method !== 'totp' ? (
          <Button variant="ghost" onClick={() => switchTo('totp')} disabled={busy !== null}>
            {t('secondFactor.useApp')}
          </Button>
        ) : null}
        {methods.includes('recovery') && method !== 'recovery' ? (
          <Button variant="ghost" onClick={() => switchTo('recovery')} disabled={busy !== null}>
            {t('secondFactor.useRecovery')}
          </Button>
        ) : null}
      </Stack>
      <HStack justify="center">
        <Button variant="plain" size="sm" colorPalette="blue" onClick={onRestart} disabled={busy !== null}>
          {t('common.backToSignIn')}
        </Button>
      </HStack>
    </Stack>
  );
}
