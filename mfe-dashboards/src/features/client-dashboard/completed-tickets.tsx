import { Badge, Button, Card, Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useLookupList } from '@portal/api-client';
import type { HistoryTicket, TicketHistoryPage } from '@portal/contract';
import { useMessageText } from '@portal/i18n/message-text';
import { completedTimeLabel, historyBadge, listProgress, MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText } from '@portal/ui';
import { ticketPath } from '../../components/ticket-card';
import { useT } from '../../messages';

export interface CompletedTicketsProps {
  /** The newest page(s) of the company's history; undefined while loading. */
  page: TicketHistoryPage | undefined;
  error?: unknown;
  /** Loading the next page (after "Show more"). */
  loadingMore: boolean;
  onShowMore(): void;
}

function HistoryRow({ ticket, timeZone }: { ticket: HistoryTicket; timeZone: string }) {
  const statuses = useLookupList('status-defaults');
  const badge = historyBadge(ticket.status_id, statuses);
  const messageText = useMessageText();
  return (
    <LinkBox as="li" data-testid="completed-ticket" data-status={ticket.status_id} _hover={{ bg: 'bg.muted' }} px="2" py="1" borderRadius="sm">
      <HStack justify="space-between" gap="3">
        {/* The title above its date: side by side they ran together ("Replace the hero image10/21/2026"). */}
        <Stack gap="0" minW="0">
          <HStack gap="2" wrap="wrap">
            <LinkOverlay asChild>
              <RouterLink to={ticketPath(ticket)}>{ticket.title}</RouterLink>
            </LinkOverlay>
            {badge ? <Badge size="sm" variant="outline" colorPalette="gray" data-testid="history-badge">{badge}</Badge> : null}
          </HStack>
          <DateText iso={ticket.date_closed} timeZone={timeZone} fontSize="xs" color="fg.muted" />
        </Stack>
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="completed-time">
          {messageText(completedTimeLabel(ticket.total_time))}
        </Text>
      </HStack>
    </LinkBox>
  );
}

/**
 * The company's history (docs/product/dashboards.md#ticket-history): completed and cancelled tickets, newest
 * closing first, each with its date and its time or FREE, a cancelled one with its badge; "Show more" pages
 * through everything, with how many are shown of how many.
 */
export function CompletedTickets({ page, error, loadingMore, onShowMore }: CompletedTicketsProps) {
  const timeZone = useSession((s) => s.timeZone);
  const tickets = page?.tickets ?? [];
  const progress = listProgress(tickets.length, page?.total ?? 0);
  const t = useT();
  const messageText = useMessageText();
  return (
    <Card.Root as="section" aria-label={t('history.heading')} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          {t('history.heading')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {page === undefined ? (
          <Text color={error ? 'red.600' : 'fg.muted'}>{messageText(error ? errorMessage(error) : MESSAGES.loading)}</Text>
        ) : tickets.length === 0 ? (
          <Text color="fg.muted">{t('history.empty')}</Text>
        ) : (
          <Stack gap="2">
            <Stack gap="1" as="ol" listStyleType="none">
              {tickets.map((ticket) => <HistoryRow key={ticket.ticket_id} ticket={ticket} timeZone={timeZone} />)}
            </Stack>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" data-testid="history-progress">{t('list.progress', { shown: Math.min(tickets.length, page.total), total: page.total })}</Text>
              {progress.hasMore ? (
                <Button size="xs" variant="outline" loading={loadingMore} onClick={onShowMore}>
                  {t('list.showMore')}
                </Button>
              ) : null}
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
