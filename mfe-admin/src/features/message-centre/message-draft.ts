import { readSessionDraft, writeSessionDraft } from '@portal/ui';
import type { Draft } from './message-composer';

// The message being composed survives a reload (docs/product/messaging.md#message-centre): its subject and message are
// kept in the tab's sessionStorage until it is sent.

export const MESSAGE_DRAFT_KEY = 'portal-message-centre-draft';
export const EMPTY_DRAFT: Draft = { subject: '', message: '' };

/** The stored draft, or an empty one when there is none or it cannot be read. */
export function readMessageDraft(): Draft {
  try {
    const stored = JSON.parse(readSessionDraft(MESSAGE_DRAFT_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return EMPTY_DRAFT;
    const { subject, message } = stored as Record<string, unknown>;
    return typeof subject === 'string' && typeof message === 'string' ? { subject, message } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Keeps `draft` (an empty one is forgotten); null forgets it (sent). */
export function writeMessageDraft(draft: Draft | null): void {
  const empty = !draft || (draft.subject === '' && draft.message === '');
  writeSessionDraft(MESSAGE_DRAFT_KEY, empty ? null : JSON.stringify(draft));
}
