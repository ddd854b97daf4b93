import { useCallback, useState } from 'react';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, text: string | null): void {
  try {
    if (text === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, text);
  } catch {
    // Storage full or blocked: the draft still lives in the page.
  }
}

/**
 * Half-typed text kept in sessionStorage under `key`, so it survives a page reload; null when there is
 * no draft. `clear` forgets it (sent, or given up).
 */
export function useSessionDraft(key: string) {
  const [draft, setDraftState] = useState<string | null>(() => read(key));
  const setDraft = useCallback(
    (text: string | null) => {
      setDraftState(text);
      write(key, text);
    },
    [key],
  );
  const clear = useCallback(() => setDraft(null), [setDraft]);
  return { draft, setDraft, clear };
}

/** A half-typed activity note, kept per ticket so it survives a page reload. */
export function useNoteDraft(ticketId: number) {
  const { draft, setDraft } = useSessionDraft(`portal-ticket-note-draft:${ticketId}`);
  const setText = useCallback((text: string) => setDraft(text === '' ? null : text), [setDraft]);
  const clear = useCallback(() => setDraft(null), [setDraft]);
  return { draft: draft ?? '', setDraft: setText, clear };
}
