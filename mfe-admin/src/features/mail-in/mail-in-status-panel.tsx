import { Alert, Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MAIL_IN_STATUS_POLL_MS, errorMessage, useMailInStatus } from '@portal/api-client';
import type { MailInStatus } from '@portal/contract';
import { MAIL_IN_STATUS_LABELS, type MailInStatusName } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText, ErrorAlert } from '@portal/ui';

export const NOT_CONFIGURED_TEXT = 'Mail in is not connected. Set MAIL_IN_URL to read the support mailbox.';
/** docs/product/notifications-and-mail.md#mail-in: the check off (MAIL_IN_SENDER_CHECK=off). */
export const SENDERS_NOT_VERIFIED_TEXT = 'Senders are not verified: any mail may write as the contact its From names (MAIL_IN_SENDER_CHECK=off, for a local mailbox in development only).';
/** The check on with nothing to verify with. */
export const EVERY_MAIL_HELD_TEXT = "Every mail is held as “sender not verified”: nothing is set to verify senders with. Set MAIL_IN_TRUSTED_AUTHSERV to your receiving mail server's authserv-id, or MAIL_IN_VERIFY_DKIM=1.";
/** The check on: who vouches for a sender. */
export function sendersVerifiedText(check: MailInStatus['sender_check']): string {
  const by = [...(check.trusted_authserv.length > 0 ? [`the Authentication-Results of ${check.trusted_authserv.join(', ')}`] : []),
    ...(check.verify_dkim ? ["the portal's own DKIM and DMARC check"] : [])];
  return `Senders are verified by ${by.join(' or ')}; mail from an unverified sender is held.`;
}

const OUTCOMES = Object.keys(MAIL_IN_STATUS_LABELS) as MailInStatusName[];

/** Connected or not, the mailbox, the last fetch and error, and the count of each outcome; read every 5 seconds. */
export function MailInStatusPanel() {
  const { data: status, error } = useMailInStatus({ refreshInterval: MAIL_IN_STATUS_POLL_MS });
  const timeZone = useSession((s) => s.timeZone);
  if (!status) return error ? <ErrorAlert message={errorMessage(error)} /> : <Text>Loading…</Text>;
  return (
    <Stack as="section" aria-label="Mail in status" gap="4" borderWidth="1px" rounded="md" p="4">
      <HStack>
        <Badge colorPalette={status.connected ? 'green' : 'red'} size="lg">{status.connected ? 'Connected' : 'Not connected'}</Badge>
      </HStack>
      {status.configured ? null : <Text>{NOT_CONFIGURED_TEXT}</Text>}
      <SenderCheck check={status.sender_check} />
      {status.configured ? <Details status={status} timeZone={timeZone} /> : null}
      <Facts label="What became of the mail read">
        {OUTCOMES.map((outcome) => <Fact key={outcome} name={MAIL_IN_STATUS_LABELS[outcome]}>{status.counts[outcome]}</Fact>)}
      </Facts>
      {error ? <ErrorAlert message={errorMessage(error)} size="sm" /> : null}
    </Stack>
  );
}

/** Whether a mail's From is believed, and on whose word; said as a warning when it is not checked or cannot be. */
function SenderCheck({ check }: { check: MailInStatus['sender_check'] }) {
  const canVerify = check.trusted_authserv.length > 0 || check.verify_dkim;
  if (check.on && canVerify) return <Text fontSize="sm">{sendersVerifiedText(check)}</Text>;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Description>{check.on ? EVERY_MAIL_HELD_TEXT : SENDERS_NOT_VERIFIED_TEXT}</Alert.Description>
    </Alert.Root>
  );
}

function Details({ status, timeZone }: { status: MailInStatus; timeZone: string }) {
  return (
    <Facts label="Mailbox">
      <Fact name="Mailbox"><Text as="span" fontFamily="mono" wordBreak="break-all">{status.mailbox}</Text></Fact>
      <Fact name="Last fetch">{status.last_fetch_at ? <DateText iso={status.last_fetch_at} timeZone={timeZone} withTime /> : 'Never'}</Fact>
      <Fact name="Last error">
        {status.last_error ? (
          <Stack gap="0">
            <Text color="fg.error" wordBreak="break-word">{status.last_error}</Text>
            <DateText iso={status.last_error_at} timeZone={timeZone} withTime color="fg.muted" fontSize="xs" />
          </Stack>
        ) : 'None'}
      </Fact>
    </Facts>
  );
}

/** A description list of name and value pairs, two columns (a `dl`: screen readers announce the pairs). */
function Facts({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="dl" aria-label={label} display="grid" gridTemplateColumns="max-content 1fr" columnGap="6" rowGap="1" fontSize="sm">
      {children}
    </Box>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Box as="dt" color="fg.muted">{name}</Box>
      <Box as="dd">{children}</Box>
    </>
  );
}
