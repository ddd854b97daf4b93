import { useEffect, useRef, useState } from 'react';
import { Center, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useApiClient } from '@portal/api-client';
import type { EmailChangeAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { AuthCard } from '../../components/auth-card';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

type Outcome = { done: EmailChangeAnswer } | { problem: string };

/** The English of 'emailChange.undoneText' (tests compare it). */
export const EMAIL_UNDONE_TEXT = 'Every session of your account was signed out. If you did not make the change, set a new password now.';

/**
 * Routes emailchange/undo/{code} and emailchange/confirm/{code} (docs/product/accounts-and-roles.md#sensitive-changes):
 * follows the mailed link once on load (the ref keeps a second effect run from spending the single-use
 * code again) and says in its heading what the account's address is now.
 */
export function EmailChangePage({ purpose }: { purpose: 'undo' | 'confirm' }) {
  const { code = '' } = useParams();
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    const key = `${purpose}:${code}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    setOutcome(null);
    client.auth.emailChange(purpose, code).then(
      (done) => setOutcome({ done }),
      (failure: unknown) => setOutcome({ problem: errorMessage(failure, MESSAGES.unexpectedError) }),
    );
  }, [client, code, purpose]);

  return (
    <AuthCard>
      {outcome === null ? (
        <Center py="8"><Spinner color="blue.500" role="status" aria-label={t('emailChange.busy')} /></Center>
      ) : (
        <Stack gap="3" textAlign="center" align="center">
          {'done' in outcome ? (
            purpose === 'undo' ? (
              <>
                <Heading as="h1" size="xl">{t('emailChange.undone', { email: outcome.done.email })}</Heading>
                <Text>{t('emailChange.undoneText')}</Text>
              </>
            ) : (
              <Heading as="h1" size="xl">{t('emailChange.confirmed', { name: outcome.done.first_name, email: outcome.done.email })}</Heading>
            )
          ) : (
            <>
              <Heading as="h1" size="xl">{t('emailChange.failed')}</Heading>
              <Text role="alert" color="red.600">{shown(outcome.problem)}</Text>
            </>
          )}
          <HStack gap="4">
            {'done' in outcome && purpose === 'undo' ? (
              <Link asChild colorPalette="blue"><RouterLink to="/forgotpassword">{t('emailChange.setPassword')}</RouterLink></Link>
            ) : null}
            <Link asChild colorPalette="blue"><RouterLink to="/login">{t('common.goToSignIn')}</RouterLink></Link>
          </HStack>
        </Stack>
      )}
    </AuthCard>
  );
}
