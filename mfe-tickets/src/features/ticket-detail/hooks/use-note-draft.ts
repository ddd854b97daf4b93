import { useCallback } from 'react';
import { useSessionDraft } from '../../../hooks/use-session-draft';

// useSessionDraft lives in src/hooks: the new-ticket form keeps its draft the same way.
export { useSessionDraft };

/** A half-typed activity note, kept per ticket so it survives a page reload. */
export function useNoteDraft(ticketId: number) {
  const { draft, setDraft } = useSessionDraft(`portal-ticket-note-draft:${ticketId}`);
  const setText = useCallback((text: string) => setDraft(text === '' ? null : text), [setDraft]);
  const clear = useCallback(() => setDraft(null), [setDraft]);
  return { draft: draft ?? '', setDraft: setText, clear };
}
