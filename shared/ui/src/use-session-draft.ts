import { useCallback, useState } from 'react';

// Drafts that survive a reload (docs/product/tickets.md#activity-notes, docs/product/messaging.md#message-centre): half-typed
// text kept in the tab's sessionStorage until it is sent or given up. sessionStorage, not localStorage: a draft stays in
// the tab it was typed in. Never keep a password in one.

/** The stored draft under `key`, or null (none, or storage blocked). */
export function readSessionDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `text` under `key`; null removes it. */
export function writeSessionDraft(key: string, text: string | null): void {
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
  const [draft, setDraftState] = useState<string | null>(() => readSessionDraft(key));
  const setDraft = useCallback(
    (text: string | null) => {
      setDraftState(text);
      writeSessionDraft(key, text);
    },
    [key],
  );
  const clear = useCallback(() => setDraft(null), [setDraft]);
  return { draft, setDraft, clear };
}
