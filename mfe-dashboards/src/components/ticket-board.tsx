import {
  Alert, Box, Button, ButtonGroup, Checkbox, Heading, HStack, NativeSelect, SimpleGrid, Stack, Switch, Text, Wrap,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ListedTicket } from '@portal/contract';
import {
  compareTickets, filterableStatuses, filtersOff, isHiddenInAgentList, KANBAN_COLUMNS, layoutKanban, LIST_SORT_FIELDS,
  listProgress, lookupName, matchesStatusFilters, matchesTagFilter, MESSAGES, nextListLimit, STAFF_LIST_PAGE_SIZE, type ListSortField,
} from '@portal/domain';
import { useSavedListPrefs } from '../hooks/use-saved-list-prefs';
import { BulkActionBar } from './bulk-action-bar';
import { ExportTicketsLink } from './export-tickets-link';
import { HiddenByFilters, hiddenCount, kanbanCoverage, taggedOnly, type Coverage } from './hidden-by-filters';
import { TicketCard } from './ticket-card';
import { ErrorAlert } from '@portal/ui';
import { useLookupList, useStaffListPage } from '@portal/api-client';
import { useMessageText } from '@portal/i18n/message-text';
import { useT } from '../messages';
import { KANBAN_COLUMN_LABELS } from './kanban-labels';

export type BoardView = 'list' | 'kanban';

const NO_TAGS: readonly string[] = [];

const SORT_LABELS = {
  priorityId: 'board.sortPriority',
  dateCreated: 'board.sortDateCreated',
  dateDue: 'board.sortDateDue',
  company: 'board.sortCompany',
} as const satisfies Record<ListSortField, string>;

export interface TicketBoardProps {
  tickets: readonly ListedTicket[] | undefined;
  error?: unknown;
  view: BoardView;
  onViewChange(view: BoardView): void;
  /** The agent list hides on-hold tickets. */
  hideOnHold?: boolean;
  /** Shown when nothing is left to list ('No tickets.' by default). */
  emptyText?: string;
  /** Extra controls next to the view switch (e.g. the company picker). */
  toolbar?: ReactNode;
  /** Shown above the kanban (Time to Assignment, Time to Completion). */
  kanbanCounters?: ReactNode;
  /** Called while a bulk change is being chosen, so polling can pause. */
  onBusyChange?(busy: boolean): void;
  /**
   * The List view reads the staff list a page at a time from the server, filtered and sorted there, with
   * "Show more" and the total (the admin home); otherwise it filters and sorts `tickets` (the agent's own).
   */
  pagedList?: boolean;
  /** The Tag filter (docs/product/tags-and-views.md#filtering-by-tag): a ticket must carry each. */
  tags?: readonly string[];
  /** 'Show all' clears the Tag filter too (it lives in the address, not in the list preferences). */
  onClearTags?(): void;
}

/**
 * The staff list (docs/product/dashboards.md#staff-list-and-kanban): List or Kanban of staff tickets, with the saved sort and filters,
 * Maintenance Only, and long-press selection for one bulk assign or move.
 */
export function TicketBoard({
  tickets: loaded, error: loadError, view, onViewChange, hideOnHold = false, emptyText, toolbar, kanbanCounters, onBusyChange,
  pagedList = false, tags = NO_TAGS, onClearTags,
}: TicketBoardProps) {
  const t = useT();
  const messageText = useMessageText();
  const { prefs, update, error: prefsError } = useSavedListPrefs();
  const statuses = useLookupList('status-defaults');
  const priorities = useLookupList('priority-defaults');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [limit, setLimit] = useState(STAFF_LIST_PAGE_SIZE);
  const paged = pagedList && view === 'list';
  const page = useStaffListPage(paged ? prefs : null, limit, { paused: selected.size > 0, tags });
  const tickets = paged ? page.data?.tickets : loaded;
  const error = paged ? page.error : loadError;

  const unfiltered = useMemo(() => (tickets ?? []).filter((t) => !hideOnHold || !isHiddenInAgentList(t)), [tickets, hideOnHold]);
  const visible = useMemo(
    () => unfiltered.filter((t) => (!prefs.maintenanceOnly || t.is_maintenance === 1) && matchesTagFilter(t.tags, tags)),
    [unfiltered, prefs.maintenanceOnly, tags],
  );
  // A server page is already filtered and sorted (docs/product/dashboards.md#list-preferences); a loaded list is done here.
  const sorted = useMemo(() => (paged ? visible : [...visible].sort(compareTickets(prefs))), [paged, visible, prefs]);
  const listed = useMemo(() => (paged ? sorted : sorted.filter((t) => matchesStatusFilters(t.status_id, prefs))), [paged, sorted, prefs]);
  const progress = paged && page.data ? listProgress(listed.length, page.data.total) : null;
  const loadingMore = paged && page.isValidating && listed.length < Math.min(limit, page.data?.total ?? 0);
  const board = useMemo(() => layoutKanban(sorted), [sorted]);
  // What the filters hide (docs/product/dashboards.md#hidden-by-filters). A server page counts what its status filters
  // hide, not what Maintenance Only does.
  const coverage = useMemo((): Coverage => {
    const tagged = taggedOnly(tags);
    if (view === 'kanban') return { ...kanbanCoverage(board, unfiltered), tagged };
    if (!paged) return { hidden: hiddenCount(listed.length, unfiltered.length), never: null, tagged };
    if (!page.data) return { hidden: null, never: null, tagged };
    return { hidden: hiddenCount(page.data.total, prefs.maintenanceOnly ? null : page.data.unfiltered_total), never: null, tagged };
  }, [view, board, unfiltered, paged, listed.length, page.data, prefs.maintenanceOnly, tags]);
  const statusIds = filterableStatuses(statuses).map((status) => status.id);

  const selecting = selected.size > 0;
  useEffect(() => {
    onBusyChange?.(selecting);
  }, [selecting, onBusyChange]);

  const toggle = (ticketId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(ticketId)) next.delete(ticketId);
      else next.add(ticketId);
      return next;
    });
  const clearSelection = () => setSelected(new Set());

  const card = (ticket: ListedTicket, detail: ReactNode) => (
    <TicketCard
      key={ticket.ticket_id}
      ticket={ticket}
      priorities={priorities}
      showCompany
      detail={detail}
      selected={selected.has(ticket.ticket_id)}
      onToggleSelect={toggle}
    />
  );

  const loading = tickets === undefined && !error;
  // Nothing to list at all; what only the filters hide is said instead (docs/product/dashboards.md#hidden-by-filters).
  const empty = !loading && !error && (paged ? page.data?.unfiltered_total === 0 && !prefs.maintenanceOnly : unfiltered.length === 0);

  return (
    <Stack gap="4">
      <Wrap gap="3" align="center">
        <ButtonGroup size="sm" variant="outline" attached>
          <Button aria-pressed={view === 'list'} variant={view === 'list' ? 'solid' : 'outline'} onClick={() => onViewChange('list')}>
            {t('board.list')}
          </Button>
          <Button aria-pressed={view === 'kanban'} variant={view === 'kanban' ? 'solid' : 'outline'} onClick={() => onViewChange('kanban')}>
            {t('board.kanban')}
          </Button>
        </ButtonGroup>
        {toolbar}
        <Switch.Root checked={prefs.maintenanceOnly} onCheckedChange={({ checked }) => update({ maintenanceOnly: checked })} size="sm">
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('board.maintenanceOnly')}</Switch.Label>
        </Switch.Root>
      </Wrap>

      {view === 'list' ? (
        <Wrap gap="4" align="center" fontSize="sm">
          <HStack gap="2">
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field aria-label={t('board.sortBy')} value={prefs.sortBy} onChange={(e) => update({ sortBy: e.currentTarget.value as ListSortField })}>
                {LIST_SORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {t(SORT_LABELS[field])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field
                aria-label={t('board.sortDirection')}
                value={prefs.direction}
                onChange={(e) => update({ direction: e.currentTarget.value === 'ASC' ? 'ASC' : 'DESC' })}
              >
                <option value="DESC">{t('board.descending')}</option>
                <option value="ASC">{t('board.ascending')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <HStack gap="3" role="group" aria-label={t('board.statusFilters')} wrap="wrap">
            {filterableStatuses(statuses).map((status) => (
              <Checkbox.Root
                key={status.id}
                size="sm"
                checked={prefs.statusFilters.includes(status.id)}
                onCheckedChange={({ checked }) =>
                  update({
                    statusFilters: checked === true
                      ? [...prefs.statusFilters, status.id]
                      : prefs.statusFilters.filter((id) => id !== status.id),
                  })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{status.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          {paged ? <ExportTicketsLink prefs={prefs} tags={tags} /> : null}
        </Wrap>
      ) : null}

      {prefsError ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('board.prefsNotSaved', { error: messageText(prefsError) })}</Alert.Title>
        </Alert.Root>
      ) : null}

      {!empty && !loading ? (
        <HiddenByFilters
          coverage={coverage}
          canShowAll={view === 'kanban' || statusIds.length > 0 || tags.length > 0}
          onShowAll={() => {
            update(filtersOff(view, statusIds));
            if (tags.length > 0) onClearTags?.();
          }}
        />
      ) : null}

      {selected.size > 0 ? (
        <BulkActionBar ticketIds={[...selected]} statuses={statuses} onDone={clearSelection} />
      ) : null}

      <ErrorAlert message={tickets === undefined ? error : null} />
      {loading ? <Text color="fg.muted">{messageText(MESSAGES.loading)}</Text> : null}
      {empty ? (
        <Text fontSize="lg" color="fg.muted" textAlign="center" py="8">
          {emptyText ?? t('board.empty')}
        </Text>
      ) : null}

      {!empty && !loading && view === 'list' ? (
        <Stack gap="2">
          <Stack gap="2" aria-label={t('board.tickets')} role="list">
            {listed.map((ticket) => (
              <Box role="listitem" key={ticket.ticket_id}>
                {card(
                  ticket,
                  <Text fontSize="xs" color="fg.muted">
                    {lookupName(statuses, ticket.status_id)}
                    {ticket.assignee_name ? ` · ${ticket.assignee_name}` : ''}
                  </Text>,
                )}
              </Box>
            ))}
          </Stack>
          {listed.length === 0 ? <Text color="fg.muted">{t('board.noMatch')}</Text> : null}
          {progress && listed.length > 0 ? (
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" data-testid="list-progress">{t('list.progress', { shown: Math.min(listed.length, page.data?.total ?? 0), total: page.data?.total ?? 0 })}</Text>
              {progress.hasMore ? (
                <Button size="xs" variant="outline" loading={loadingMore} onClick={() => setLimit((n) => nextListLimit(n, STAFF_LIST_PAGE_SIZE))}>
                  {t('list.showMore')}
                </Button>
              ) : null}
            </HStack>
          ) : null}
        </Stack>
      ) : null}

      {!empty && !loading && view === 'kanban' ? (
        <Stack gap="3">
          {kanbanCounters}
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
            {KANBAN_COLUMNS.map((column) => (
              <Stack key={column.key} as="section" aria-label={t(KANBAN_COLUMN_LABELS[column.key])} gap="2" bg="bg.muted" borderRadius="md" p="3" minH="32">
                <Heading as="h2" size="sm">
                  {t(KANBAN_COLUMN_LABELS[column.key])} <Text as="span" color="fg.muted">({board[column.key].length})</Text>
                </Heading>
                {board[column.key].map((ticket) =>
                  card(ticket, ticket.assignee_name ? <Text fontSize="xs" color="fg.muted">{ticket.assignee_name}</Text> : null))}
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
