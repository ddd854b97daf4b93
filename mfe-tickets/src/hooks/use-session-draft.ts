// Drafts that survive a reload (docs/product/tickets.md#activity-notes, #creating-a-ticket): the hook is @portal/ui's,
// shared with the other apps (the message centre keeps its message the same way); this app's features import it here.
export { readSessionDraft, writeSessionDraft, useSessionDraft } from '@portal/ui';
