import { useCallback, useState } from 'react';

const draftKey = (ticketId: number) => `portal-ticket-note-draft:${ticketId}`;

function read(ticketId: number): string {
  try {
    return sessionStorage.getItem(draftKey(ticketId)) ?? '';
  } catch {
    return '';
  }
}

function write(ticketId: number, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(draftKey(ticketId));
    else sessionStorage.setItem(draftKey(ticketId), text);
  } catch {
    // Storage full or blocked: the draft still lives in the page.
  }
}

/** A half-typed activity note, kept in sessionStorage per ticket so it survives a page reload. */
export function useNoteDraft(ticketId: number) {
  const [draft, setDraftState] = useState(() => read(ticketId));
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      write(ticketId, text);
    },
    [ticketId],
  );
  const clear = useCallback(() => setDraft(''), [setDraft]);
  return { draft, setDraft, clear };
}
