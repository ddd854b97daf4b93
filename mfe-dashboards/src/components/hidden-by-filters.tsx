import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { KANBAN_COLUMNS, layoutKanban, type KanbanColumnKey } from '@portal/domain';
import type { ListedTicket } from '@portal/contract';
import { useT } from '../messages';

/** What the filters hide: `shown` of `total` ('3 of 6 shown: filters on'), or of an uncounted total (null: '3 shown: filters on'). */
export interface HiddenCount {
  shown: number;
  total: number | null;
}

export interface Coverage {
  /** How many the filters show of how many, or null when the filters hide nothing. */
  hidden: HiddenCount | null;
  /** How many tickets no filter shows (the kanban's companies that are not Active), or null. */
  never: number | null;
  /** The tags asked ('Only tickets tagged vip: tag filter on'), or null with no tag asked (the server left the others out uncounted). */
  tagged?: readonly string[] | null;
}

/** What the filters hide of `total` when `shown` are listed: null when they hide nothing (as hiddenByFiltersText of @portal/domain). */
export function hiddenCount(shown: number, total: number | null): HiddenCount | null {
  if (total === null) return { shown, total };
  return shown < total ? { shown, total } : null;
}

/** The tags the Tag filter asks, or null (as taggedOnlyText of @portal/domain). */
export const taggedOnly = (tags: readonly string[]): readonly string[] | null => (tags.length === 0 ? null : tags);

const onBoard = (board: Record<KanbanColumnKey, readonly unknown[]>) => KANBAN_COLUMNS.reduce((sum, column) => sum + board[column.key].length, 0);

/** The kanban: the cards on it of those it would show with Maintenance Only off, and the tickets it never shows. */
export function kanbanCoverage(board: Record<KanbanColumnKey, readonly ListedTicket[]>, unfiltered: readonly ListedTicket[]): Coverage {
  const withoutFilters = onBoard(layoutKanban(unfiltered));
  const never = unfiltered.length - withoutFilters;
  return { hidden: hiddenCount(onBoard(board), withoutFilters), never: never === 0 ? null : never };
}

/**
 * What the filters hide and why, with 'Show all' one click away (docs/product/dashboards.md#hidden-by-filters), so a
 * counter over the board never disagrees with it unexplained.
 */
export function HiddenByFilters({ coverage, onShowAll, canShowAll }: { coverage: Coverage; onShowAll(): void; canShowAll: boolean }) {
  const t = useT();
  const tagged = coverage.tagged ?? null;
  const { hidden, never } = coverage;
  if (!hidden && !never && !tagged) return null;
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted" data-testid="hidden-by-filters">
      {hidden || tagged ? (
        <HStack gap="3" wrap="wrap">
          {hidden ? (
            <Text>
              {hidden.total === null
                ? t('filters.shown', { shown: hidden.shown })
                : t('filters.shownOf', { shown: hidden.shown, total: hidden.total })}
            </Text>
          ) : null}
          {tagged ? <Text>{t('filters.tagged', { tags: tagged.join(', ') })}</Text> : null}
          <Button size="xs" variant="outline" disabled={!canShowAll} onClick={onShowAll}>
            {t('filters.showAll')}
          </Button>
        </HStack>
      ) : null}
      {never ? <Text>{t('filters.offKanban', { count: never })}</Text> : null}
    </Stack>
  );
}
