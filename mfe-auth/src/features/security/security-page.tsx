import { useEffect, useState } from 'react';
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSecurityOverview } from '@portal/api-client';
import { useSession } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { ApiTokensSection } from './components/api-tokens-section';
import { PasskeysSection } from './components/passkeys-section';
import { RecoveryCodesSection } from './components/recovery-codes-section';
import { SessionsSection } from './components/sessions-section';
import { TotpSection } from './components/totp-section';
import { useRereadSession } from './hooks/use-reread-session';
import { MESSAGES } from '@portal/domain';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

/** The English of 'security.enrolRequired' (tests compare it). */
export const ENROL_REQUIRED_BANNER =
  'Your administrator requires two-factor sign-in. Set up an authenticator app or a passkey to continue.';

/**
 * The Security page, /security, for everyone signed in (docs/product/accounts-and-roles.md#account-security):
 * the authenticator app, passkeys, recovery codes, sessions and API tokens (docs/product/integrations.md#api-tokens). While the admins' policy waits for
 * a second factor only enrolling is open, under a banner that says why.
 */
export function SecurityPage() {
  const { data: overview, error } = useSecurityOverview();
  const enrolRequired = useSession((s) => s.enrolRequired);
  const dashboard = useSession((s) => s.dashboard);
  // Once the page has asked for enrolment, a Continue shows when it is done.
  const [cameToEnrol, setCameToEnrol] = useState(false);
  const rereadSession = useRereadSession();
  const t = useT();
  const shown = useShownText();

  // The policy may have been turned on since sign-in: the page's own answer says so too.
  useEffect(() => {
    if (overview?.enrol_required && !useSession.getState().enrolRequired) useSession.getState().setEnrolRequired(true);
  }, [overview?.enrol_required]);

  const waiting = enrolRequired || overview?.enrol_required === true;
  if (waiting && !cameToEnrol) setCameToEnrol(true);
  return (
    <Stack maxW="4xl" mx="auto" gap="5" py="2">
      <Heading as="h1" size="xl">{t('security.heading')}</Heading>
      {waiting ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('security.enrolRequired')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {cameToEnrol && !waiting ? (
        <Alert.Root status="success" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('security.enrolDone')}</Alert.Title>
          </Alert.Content>
          <Button asChild size="sm" colorPalette="green">
            <RouterLink to={dashboard}>{t('security.continue')}</RouterLink>
          </Button>
        </Alert.Root>
      ) : null}
      <ErrorAlert message={overview || !error ? null : shown(error instanceof Error ? error.message : String(error))} />
      {!overview && !error ? <Text>{shown(MESSAGES.loading)}</Text> : null}
      {overview ? (
        <>
          <TotpSection overview={overview} onEnrolled={rereadSession} />
          <PasskeysSection overview={overview} onEnrolled={rereadSession} />
          {waiting ? null : <RecoveryCodesSection overview={overview} />}
          {waiting ? null : <SessionsSection />}
          {waiting ? null : <ApiTokensSection />}
        </>
      ) : null}
    </Stack>
  );
}
