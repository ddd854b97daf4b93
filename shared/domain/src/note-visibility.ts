import { isStaff } from './groups';
import { STATUS } from './lookups';

/**
 * Who sees a note (docs/product/tickets.md#internal-notes): a reply is public, seen by everyone who sees its
 * ticket; an internal note is seen by the support team only, wherever a note can be read (the feed, search,
 * mail, the live stream), and the files added with it follow it. Every read asks these functions.
 */

export type NoteVisibility = 'public' | 'internal';

/** Who is asking: a signed-in contact's group (a Viewer, a recipient). */
interface Reader {
  groupId: number;
}

/** An activity note or an attachment, as a row (0/1) or an answer (boolean). */
interface Visible {
  internal: boolean | number;
}

const isInternal = (item: Visible): boolean => item.internal === true || item.internal === 1;

/** Internal notes are read by staff (groups 1 to 4) only. */
export function canSeeInternalNotes(reader: Reader): boolean {
  return isStaff(reader.groupId);
}

/** Only staff write an internal note; a client asking for one is refused (MESSAGES.internalNoteStaffOnly). */
export const canWriteInternalNote = canSeeInternalNotes;

/** May `reader` (who may see the note's ticket) read this note or file? */
export function canSeeNote(reader: Reader, item: Visible): boolean {
  return !isInternal(item) || canSeeInternalNotes(reader);
}

/** The notes or files `reader` may read, in their order. */
export function visibleNotes<T extends Visible>(reader: Reader, items: readonly T[]): T[] {
  return canSeeInternalNotes(reader) ? [...items] : items.filter((item) => !isInternal(item));
}

/**
 * A client is waiting on the support team: the ticket is open and not waiting on the client (Need More
 * Info, Testing) nor finished (Complete, Cancelled).
 */
export function isClientWaiting(ticket: { status_id: number }): boolean {
  const notWaiting: readonly number[] = [STATUS.needMoreInfo, STATUS.testing, STATUS.complete, STATUS.cancelled];
  return !notWaiting.includes(ticket.status_id);
}

/**
 * What the staff's note editor starts on: a reply (public) on a ticket a client is waiting on, so the
 * answer they expect is not hidden from them by accident; an internal note otherwise.
 */
export function defaultNoteVisibility(ticket: { status_id: number }): NoteVisibility {
  return isClientWaiting(ticket) ? 'public' : 'internal';
}
