import { useCallback, useEffect, useState } from 'react';
import type { NoteVisibility } from '@portal/domain';
import { readSessionDraft, writeSessionDraft } from '../../../hooks/use-session-draft';

const asVisibility = (text: string | null): NoteVisibility | null => (text === 'public' || text === 'internal' ? text : null);

/**
 * Reply or internal note, as staff chose it in a ticket's note editor (docs/product/tickets.md#internal-notes).
 * Until they choose, the ticket's default (null while the ticket loads); the default is kept once known, so a
 * status change while they type never turns the editor from one to the other. A choice made and not yet
 * sent survives a reload with the draft; `sent` forgets it there (the editor keeps showing it).
 */
export function useNoteVisibility(ticketId: number, fallback: NoteVisibility | null) {
  const key = `portal-ticket-note-visibility:${ticketId}`;
  const [chosen, setChosen] = useState<NoteVisibility | null>(() => asVisibility(readSessionDraft(key)));

  useEffect(() => {
    if (chosen === null && fallback !== null) setChosen(fallback);
  }, [chosen, fallback]);

  const choose = useCallback((visibility: NoteVisibility) => {
    setChosen(visibility);
    writeSessionDraft(key, visibility);
  }, [key]);
  const sent = useCallback(() => writeSessionDraft(key, null), [key]);

  return { visibility: chosen ?? fallback, choose, sent };
}
