import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseBoardQuery, parseTagFilter, type SavedViewBoard } from '@portal/domain';
import { useSavedListPrefs } from './use-saved-list-prefs';

/**
 * What the board's address asks for (docs/product/tags-and-views.md#saved-views): a saved view's link opens the
 * board with its filter. The tags stay in the address (`tag=`); the board and the list preferences it names are
 * applied once per address, as if chosen on the screen.
 */
export function useBoardQuery(onBoard: (board: SavedViewBoard) => void) {
  const [search, setSearch] = useSearchParams();
  const { update } = useSavedListPrefs();
  const text = search.toString();
  const tags = useMemo(() => parseTagFilter(search.get('tag')), [search]);

  useEffect(() => {
    const asked = parseBoardQuery(new URLSearchParams(text));
    if (asked.board) onBoard(asked.board);
    if (Object.keys(asked.prefs).length > 0) update(asked.prefs);
    // Applied when the address changes, not on every render of the preferences.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const setTags = useCallback((next: readonly string[]) => {
    setSearch((current) => {
      const changed = new URLSearchParams();
      if (next.length > 0) changed.set('tag', next.join(','));
      // Choosing a tag on the screen keeps only the tag in the address: the rest is the screen's own state now.
      void current;
      return changed;
    }, { replace: true });
  }, [setSearch]);

  return { tags, setTags };
}
