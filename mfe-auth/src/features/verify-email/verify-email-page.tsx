import { useEffect, useRef, useState } from 'react';
import { Center, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useApiClient } from '@portal/api-client';
import type { VerifyEmailAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { AuthCard } from '../../components/auth-card';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

type Outcome = { verified: VerifyEmailAnswer } | { problem: string };

/**
 * Route verifyemail/{verificationCode} (docs/product/accounts-and-roles.md#e-mail-verification): verifies once on load (the code is single use, so
 * the ref keeps a second effect run, as StrictMode makes in development, from spending it again)
 * and shows a heading saying how it went.
 */
export function VerifyEmailPage() {
  const { code = '' } = useParams();
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    setOutcome(null);
    client.auth.verifyEmail(code).then(
      (verified) => setOutcome({ verified }),
      (failure: unknown) => setOutcome({ problem: errorMessage(failure, MESSAGES.unexpectedError) }),
    );
  }, [client, code]);

  return (
    <AuthCard>
      {outcome === null ? (
        <Center py="8"><Spinner color="blue.500" role="status" aria-label={t('verify.busy')} /></Center>
      ) : (
        <Stack gap="3" textAlign="center" align="center">
          {'verified' in outcome ? (
            <Heading as="h1" size="xl">{t('verify.done', { name: outcome.verified.first_name })}</Heading>
          ) : (
            <>
              <Heading as="h1" size="xl">{t('verify.failed')}</Heading>
              <Text role="alert" color="red.600">{shown(outcome.problem)}</Text>
            </>
          )}
          <Link asChild colorPalette="blue"><RouterLink to="/login">{t('common.goToSignIn')}</RouterLink></Link>
        </Stack>
      )}
    </AuthCard>
  );
}
