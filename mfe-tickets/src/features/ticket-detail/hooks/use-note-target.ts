import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Activity } from '@portal/contract';

const NOTE_HASH = /^#note-(\d+)$/;

/**
 * The note the address names (`#note-{id}`: a search result, docs/product/search.md#where-it-is): older
 * pages load until it is on screen, then it scrolls into view. Its id while it is being shown; null when
 * the address names none, or the feed ends without it (deleted, or not this ticket's).
 */
export function useNoteTarget(
  items: readonly Activity[] | undefined, canLoadOlder: boolean, loadingOlder: boolean, loadOlder: () => Promise<void>,
): number | null {
  const { hash } = useLocation();
  const match = NOTE_HASH.exec(hash);
  const wanted = match ? Number(match[1]) : null;
  const [shown, setShown] = useState<number | null>(null);
  const found = wanted !== null && items?.some((item) => item.activity_id === wanted);

  useEffect(() => {
    if (wanted === null || items === undefined || shown === wanted) return;
    if (found) {
      const element = document.getElementById(`note-${wanted}`);
      if (typeof element?.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
      setShown(wanted);
    } else if (canLoadOlder && !loadingOlder) {
      void loadOlder();
    }
  }, [wanted, items, found, shown, canLoadOlder, loadingOlder, loadOlder]);

  return found ? wanted : null;
}
