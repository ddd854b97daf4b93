import { Badge, Box, Checkbox, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TicketSummary } from '@portal/contract';
import { estimateBadge, isFaded, lookupColor, lookupName, slaBadgeAt, type LookupItem } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText, useSlaClock } from '@portal/ui';
import { useLongPress } from '../hooks/use-long-press';
import { useT } from '../messages';
import { DUE_STATE_LOOKS, DueMarks, dueStateOf, slaLooksOf } from './ticket-due-marks';

export function ticketPath(ticket: Pick<TicketSummary, 'company_id' | 'ticket_id'>): string {
  return `/clients/${ticket.company_id}/tickets/${ticket.ticket_id}`;
}

/** The estimate badge's words (estimateBadge of @portal/domain writes them in English; an approved estimate shows its time). */
const ESTIMATE_LABELS = { Estimate: 'card.estimate', Approval: 'card.approval' } as const;

export interface TicketCardProps {
  ticket: TicketSummary;
  priorities: readonly LookupItem[];
  showCompany?: boolean;
  /** Shown under the title, e.g. the status name in a list. */
  detail?: ReactNode;
  selected?: boolean;
  /**
   * With it, a 500 ms press toggles the selection, and so does the card's "Select" checkbox: the way
   * to select from the keyboard (Tab to it, Space).
   */
  onToggleSelect?: (ticketId: number) => void;
}

/** One ticket as every dashboard draws it: opens the ticket page; faded when cancelled or on hold; marked when overdue. */
export function TicketCard({ ticket, priorities, showCompany = false, detail, selected = false, onToggleSelect }: TicketCardProps) {
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const badge = estimateBadge(ticket);
  const faded = isFaded(ticket);
  const slaNow = useSlaClock(Boolean(ticket.sla));
  const due = dueStateOf(ticket, new Date());
  const dueLooks = due ? DUE_STATE_LOOKS[due] : slaLooksOf(ticket.sla, slaNow);
  const press = useLongPress(() => onToggleSelect?.(ticket.ticket_id));
  const pressHandlers = onToggleSelect ? press : {};

  return (
    <LinkBox
      as="article"
      data-testid="ticket-card"
      data-ticket-id={ticket.ticket_id}
      data-faded={faded ? 'true' : undefined}
      data-due={due ?? undefined}
      data-sla={ticket.sla ? slaBadgeAt(ticket.sla, slaNow).state : undefined}
      // aria-selected is not allowed on an article: the checkbox carries the state for assistive technology.
      data-selected={onToggleSelect ? String(selected) : undefined}
      borderWidth={selected ? '2px' : '1px'}
      borderColor={selected ? 'blue.500' : 'border'}
      // Faded (cancelled or on hold: docs/product/dashboards.md#ticket-placement) by a dashed edge, a grey card and muted text rather than
      // opacity, which took the text below WCAG AA contrast (3.8:1 and less).
      borderStyle={faded && !selected ? 'dashed' : 'solid'}
      borderRadius="md"
      p="3"
      pe={onToggleSelect ? '8' : '3'}
      bg={selected ? 'blue.50' : faded ? 'bg.subtle' : (dueLooks && 'bg' in dueLooks ? dueLooks.bg : 'bg')}
      borderInlineStartWidth={dueLooks?.borderInlineStartWidth}
      borderInlineStartColor={dueLooks?.borderInlineStartColor}
      color={faded ? 'fg.muted' : undefined}
      userSelect={onToggleSelect ? 'none' : undefined}
      _hover={{ shadow: 'sm' }}
      {...pressHandlers}
    >
      <Stack gap="1">
        {onToggleSelect ? (
          <Checkbox.Root
            size="sm"
            position="absolute"
            top="2"
            right="2"
            zIndex="1"
            checked={selected}
            onCheckedChange={() => onToggleSelect(ticket.ticket_id)}
            onPointerDown={(event) => event.stopPropagation()}
          >
            <Checkbox.HiddenInput aria-label={t('card.select', { title: ticket.title })} />
            <Checkbox.Control />
          </Checkbox.Root>
        ) : null}
        <LinkOverlay asChild>
          <RouterLink to={ticketPath(ticket)} draggable={false}>
            <Text fontWeight="medium">{ticket.title}</Text>
          </RouterLink>
        </LinkOverlay>
        {showCompany ? (
          <Text fontSize="sm" color="fg.muted">
            {ticket.company_name}
          </Text>
        ) : null}
        {detail}
        <HStack gap="2" wrap="wrap">
          <DueMarks state={due} sla={ticket.sla} />
          <Badge colorPalette={lookupColor(priorities, ticket.priority_id)} variant="subtle">
            {lookupName(priorities, ticket.priority_id, t('card.priorityFallback', { id: ticket.priority_id }))}
          </Badge>
          {badge ? (
            <Badge colorPalette={badge.color} variant="solid" data-testid="estimate-badge">
              {badge.label in ESTIMATE_LABELS ? t(ESTIMATE_LABELS[badge.label as keyof typeof ESTIMATE_LABELS]) : badge.label}
            </Badge>
          ) : null}
          {ticket.date_due ? (
            <Box fontSize="xs" color={due === 'overdue' ? 'fg.error' : 'fg.muted'}>
              {t.rich('card.due', { date: <DateText key="date" as="span" iso={ticket.date_due} timeZone={timeZone} /> })}
            </Box>
          ) : null}
          {/* Staff answers carry the tags (docs/product/tags-and-views.md#tags); a client's never do. */}
          {(ticket.tags ?? []).map((tag) => (
            <Badge key={tag} variant="outline" colorPalette="gray" data-testid="ticket-tag">
              {tag}
            </Badge>
          ))}
        </HStack>
      </Stack>
    </LinkBox>
  );
}
