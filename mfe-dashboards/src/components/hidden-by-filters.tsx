import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { KANBAN_COLUMNS, hiddenByFiltersText, layoutKanban, offKanbanText, type KanbanColumnKey } from '@portal/domain';
import type { ListedTicket } from '@portal/contract';

export interface Coverage {
  /** '3 of 6 shown: filters on', or null when the filters hide nothing. */
  hidden: string | null;
  /** Tickets no filter shows (the kanban's companies that are not Active), or null. */
  never: string | null;
  /** 'Only tickets tagged vip: tag filter on', or null with no tag asked (the server left the others out uncounted). */
  tagged?: string | null;
}

const onBoard = (board: Record<KanbanColumnKey, readonly unknown[]>) => KANBAN_COLUMNS.reduce((sum, column) => sum + board[column.key].length, 0);

/** The kanban: the cards on it of those it would show with Maintenance Only off, and the tickets it never shows. */
export function kanbanCoverage(board: Record<KanbanColumnKey, readonly ListedTicket[]>, unfiltered: readonly ListedTicket[]): Coverage {
  const withoutFilters = onBoard(layoutKanban(unfiltered));
  return { hidden: hiddenByFiltersText(onBoard(board), withoutFilters), never: offKanbanText(unfiltered.length - withoutFilters) };
}

/**
 * What the filters hide and why, with 'Show all' one click away (docs/product/dashboards.md#hidden-by-filters), so a
 * counter over the board never disagrees with it unexplained.
 */
export function HiddenByFilters({ coverage, onShowAll, canShowAll }: { coverage: Coverage; onShowAll(): void; canShowAll: boolean }) {
  const tagged = coverage.tagged ?? null;
  if (!coverage.hidden && !coverage.never && !tagged) return null;
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted" data-testid="hidden-by-filters">
      {coverage.hidden || tagged ? (
        <HStack gap="3" wrap="wrap">
          {coverage.hidden ? <Text>{coverage.hidden}</Text> : null}
          {tagged ? <Text>{tagged}</Text> : null}
          <Button size="xs" variant="outline" disabled={!canShowAll} onClick={onShowAll}>
            Show all
          </Button>
        </HStack>
      ) : null}
      {coverage.never ? <Text>{coverage.never}</Text> : null}
    </Stack>
  );
}
