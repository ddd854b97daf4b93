import { Alert, Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MAIL_IN_STATUS_POLL_MS, errorMessage, useMailInStatus } from '@portal/api-client';
import type { MailInStatus } from '@portal/contract';
import { MESSAGES, type MailInStatusName } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { DateText, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

// The English of the panel's warnings (mailIn.notConfigured, mailIn.sendersNotVerified, mailIn.everyMailHeld), as the tests read them.
export const NOT_CONFIGURED_TEXT = 'Mail in is not connected. Set MAIL_IN_URL to read the support mailbox.';
/** docs/product/notifications-and-mail.md#mail-in: the check off (MAIL_IN_SENDER_CHECK=off). */
export const SENDERS_NOT_VERIFIED_TEXT = 'Senders are not verified: any mail may write as the contact its From names (MAIL_IN_SENDER_CHECK=off, for a local mailbox in development only).';
/** The check on with nothing to verify with. */
export const EVERY_MAIL_HELD_TEXT = "Every mail is held as “sender not verified”: nothing is set to verify senders with. Set MAIL_IN_TRUSTED_AUTHSERV to your receiving mail server's authserv-id, or MAIL_IN_VERIFY_DKIM=1.";

/**
 * Each outcome as the panel names it (the words of @portal/domain's MAIL_IN_STATUS_LABELS), in their order:
 * a literal key per outcome (scripts/check-messages.ts finds the keys it uses).
 */
const OUTCOME_LABELS = {
  note: 'mailIn.outcomeNote',
  ticket: 'mailIn.outcomeTicket',
  held: 'mailIn.outcomeHeld',
  ignored: 'mailIn.outcomeIgnored',
  attached: 'mailIn.outcomeAttached',
  dropped: 'mailIn.outcomeDropped',
} as const satisfies Record<MailInStatusName, string>;

const OUTCOMES = Object.keys(OUTCOME_LABELS) as MailInStatusName[];

/** Connected or not, the mailbox, the last fetch and error, and the count of each outcome; read every 5 seconds. */
export function MailInStatusPanel() {
  const t = useT();
  const text = useMessageText();
  const { data: status, error } = useMailInStatus({ refreshInterval: MAIL_IN_STATUS_POLL_MS });
  const timeZone = useSession((s) => s.timeZone);
  if (!status) return error ? <ErrorAlert message={errorMessage(error)} /> : <Text>{text(MESSAGES.loading)}</Text>;
  return (
    <Stack as="section" aria-label={t('mailIn.statusRegion')} gap="4" borderWidth="1px" rounded="md" p="4">
      <HStack>
        <Badge colorPalette={status.connected ? 'green' : 'red'} size="lg">{status.connected ? t('mailIn.connected') : t('mailIn.notConnected')}</Badge>
      </HStack>
      {status.configured ? null : <Text>{t('mailIn.notConfigured')}</Text>}
      <SenderCheck check={status.sender_check} />
      {status.configured ? <Details status={status} timeZone={timeZone} /> : null}
      <Facts label={t('mailIn.outcomes')}>
        {OUTCOMES.map((outcome) => <Fact key={outcome} name={t(OUTCOME_LABELS[outcome])}>{status.counts[outcome]}</Fact>)}
      </Facts>
      {error ? <ErrorAlert message={errorMessage(error)} size="sm" /> : null}
    </Stack>
  );
}

/** Whether a mail's From is believed, and on whose word; said as a warning when it is not checked or cannot be. */
function SenderCheck({ check }: { check: MailInStatus['sender_check'] }) {
  const t = useT();
  const servers = check.trusted_authserv.join(', ');
  if (check.on && (servers !== '' || check.verify_dkim)) {
    const said = servers === ''
      ? t('mailIn.verifiedByDkim')
      : check.verify_dkim ? t('mailIn.verifiedByBoth', { servers }) : t('mailIn.verifiedByAuthserv', { servers });
    return <Text fontSize="sm">{said}</Text>;
  }
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Description>{check.on ? t('mailIn.everyMailHeld') : t('mailIn.sendersNotVerified')}</Alert.Description>
    </Alert.Root>
  );
}

function Details({ status, timeZone }: { status: MailInStatus; timeZone: string }) {
  const t = useT();
  return (
    <Facts label={t('mailIn.mailbox')}>
      <Fact name={t('mailIn.mailbox')}><Text as="span" fontFamily="mono" wordBreak="break-all">{status.mailbox}</Text></Fact>
      <Fact name={t('mailIn.lastFetch')}>{status.last_fetch_at ? <DateText iso={status.last_fetch_at} timeZone={timeZone} withTime /> : t('mailIn.never')}</Fact>
      <Fact name={t('mailIn.lastError')}>
        {status.last_error ? (
          <Stack gap="0">
            <Text color="fg.error" wordBreak="break-word">{status.last_error}</Text>
            <DateText iso={status.last_error_at} timeZone={timeZone} withTime color="fg.muted" fontSize="xs" />
          </Stack>
        ) : t('mailIn.noError')}
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
