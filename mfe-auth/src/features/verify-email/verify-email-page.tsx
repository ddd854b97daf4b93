import { useEffect, useRef, useState } from 'react';
import { Center, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useApiClient } from '@portal/api-client';
import type { VerifyEmailAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { AuthCard } from '../../components/auth-card';

type Outcome = { verified: VerifyEmailAnswer } | { problem: string };

/**
 * Route verifyemail/{verificationCode} (docs/product/accounts-and-roles.md#e-mail-verification): verifies once on load (the code is single use, so
 * the ref keeps a second effect run, as StrictMode makes in development, from spending it again)
 * and shows a heading saying how it went.
 */
export function VerifyEmailPage() {
  const { code = '' } = useParams();
  const client = useApiClient();
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
        <Center py="8"><Spinner color="blue.500" role="status" aria-label="Verifying your e-mail address" /></Center>
      ) : (
        <Stack gap="3" textAlign="center" align="center">
          {'verified' in outcome ? (
            <Heading as="h1" size="xl">Thanks, {outcome.verified.first_name}! Your e-mail address is verified.</Heading>
          ) : (
            <>
              <Heading as="h1" size="xl">We could not verify your e-mail address</Heading>
              <Text role="alert" color="red.600">{outcome.problem}</Text>
            </>
          )}
          <Link asChild colorPalette="blue"><RouterLink to="/login">Go to sign in</RouterLink></Link>
        </Stack>
      )}
    </AuthCard>
  );
}
