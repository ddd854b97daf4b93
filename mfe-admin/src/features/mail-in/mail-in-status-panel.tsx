import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MAIL_IN_STATUS_POLL_MS, errorMessage, useMailInStatus } from '@portal/api-client';
import type { MailInStatus } from '@portal/contract';
import { MAIL_IN_STATUS_LABELS, type MailInStatusName } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText, ErrorAlert } from '@portal/ui';

export const NOT_CONFIGURED_TEXT = 'Mail in is not connected. Set MAIL_IN_URL to read the support mailbox.';

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
      {status.configured ? <Details status={status} timeZone={timeZone} /> : null}
      <Facts label="What became of the mail read">
        {OUTCOMES.map((outcome) => <Fact key={outcome} name={MAIL_IN_STATUS_LABELS[outcome]}>{status.counts[outcome]}</Fact>)}
      </Facts>
      {error ? <ErrorAlert message={errorMessage(error)} size="sm" /> : null}
    </Stack>
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
