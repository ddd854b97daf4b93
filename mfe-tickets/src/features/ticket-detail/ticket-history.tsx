import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { AuditEntry, TicketDetail } from '@portal/contract';
import { TICKET_POLL_MS, errorMessage, useLiveStatus, useStaff, useTicketAudit } from '@portal/api-client';
import { AUDIT_LINE_MAX, AUDIT_PAGE_MAX, pollInterval, shortAuditLine, type AuditValueNames } from '@portal/domain';
import { auditMessages, useAuditText } from '@portal/features';
import { DateText, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

type Lookups = Omit<AuditValueNames, 'people' | 'companies' | 'timeZone'>;

/** The History tab's words load with its code (ticket-detail-page.tsx waits for them): the ticket page carries none. */
export const ready = auditMessages.preload();

function HistoryItem({ entry, names }: { entry: AuditEntry; names: AuditValueNames }) {
  const audit = useAuditText();
  const who = audit.actor(entry);
  const action = audit.action(entry.action);
  const t = useT();
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" aria-label={t('history.entry', { action, who })}>
      <HStack justify="space-between" align="start" gap="2" mb={entry.changes.length > 0 ? '1' : '0'}>
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" fontSize="sm">{who}</Text>
          <Badge variant="subtle" colorPalette="gray">{action}</Badge>
        </HStack>
        <DateText iso={entry.date_created} timeZone={names.timeZone} withTime fontSize="xs" color="fg.muted" flexShrink={0} />
      </HStack>
      {entry.changes.length > 0 ? (
        <Stack as="ul" gap="0.5" listStyleType="none" fontSize="sm">
          {entry.changes.map((change) => {
            const line = audit.fullChangeLine('ticket', change, names);
            return (
              <Text as="li" key={change.field} title={line.length > AUDIT_LINE_MAX ? line : undefined} wordBreak="break-word">
                {shortAuditLine(line)}
              </Text>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * A ticket's history (staff; docs/product/accounts-and-roles.md#audit-trail): every recorded change, newest first, with the
 * before and after values of the fields it changed. Polls like the activity feed beside it.
 */
export function TicketHistory({ ticket, lookups, timeZone, poll }: { ticket: TicketDetail; lookups: Lookups; timeZone: string; poll: boolean }) {
  const live = useLiveStatus();
  const { data, error, isLoading } = useTicketAudit(ticket.ticket_id, {
    refreshInterval: poll ? pollInterval(TICKET_POLL_MS, live) : 0,
    refreshWhenHidden: false,
  });
  const { data: staff } = useStaff();
  const t = useT();
  const names: AuditValueNames = {
    ...lookups,
    timeZone,
    people: new Map([
      ...(ticket.contact_id !== null && ticket.contact_name ? [[ticket.contact_id, ticket.contact_name] as const] : []),
      ...(staff ?? []).map((c) => [c.contact_id, `${c.first_name} ${c.last_name}`] as const),
    ]),
    companies: new Map(ticket.company_name ? [[ticket.company_id, ticket.company_name]] : []),
  };

  return (
    <Stack gap="3">
      <ErrorAlert message={error && !data ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted" fontSize="sm">{t('history.loading')}</Text> : null}
      {data ? (
        // Scrolls past 500 px: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
        <Box maxH="500px" overflowY="auto" data-testid="ticket-history" pe="1" tabIndex={0} role="region" aria-label={t('history.region')}>
          {data.entries.length > 0 ? (
            <Stack as="ol" gap="3" listStyleType="none">
              {data.entries.map((entry) => <HistoryItem key={entry.audit_id} entry={entry} names={names} />)}
            </Stack>
          ) : (
            <Text color="fg.muted" fontSize="sm">{t('history.none')}</Text>
          )}
        </Box>
      ) : null}
      {data && data.next !== null ? (
        <Text color="fg.muted" fontSize="sm">{t('history.latest', { count: AUDIT_PAGE_MAX })}</Text>
      ) : null}
    </Stack>
  );
}
