import { z } from 'zod';
import { MESSAGES, SAVED_REPLY_BODY_MAX, SAVED_REPLY_TITLE_MAX } from '@portal/domain';
import { id, isoDate } from './common';

/** A saved reply (docs/product/saved-replies.md): shared with the staff when owner_id is null, else one staff member's own. */
export const savedReply = z.object({
  id,
  title: z.string(),
  /** Markdown with tokens such as {{client.first_name}}, filled when the reply is inserted. */
  body: z.string(),
  owner_id: id.nullable(),
  /** How many times it has been inserted into a note. */
  usage_count: z.number().int(),
  date_created: isoDate,
  date_updated: isoDate,
});
export type SavedReply = z.infer<typeof savedReply>;

const title = z.string().trim().min(1, MESSAGES.enterSavedReplyTitle).max(SAVED_REPLY_TITLE_MAX, MESSAGES.savedReplyNotSaved);
const body = z.string().trim().min(1, MESSAGES.enterSavedReplyBody).max(SAVED_REPLY_BODY_MAX, MESSAGES.savedReplyNotSaved);

/** POST /saved-replies: `shared` (admins) for the whole staff, else the caller's own. */
export const savedReplyCreate = z.object({ title, body, shared: z.boolean().default(false) });
export type SavedReplyCreate = z.input<typeof savedReplyCreate>;

/** PUT /saved-replies/:id: the new title and text; who it belongs to never changes. */
export const savedReplyUpdate = z.object({ title, body });
export type SavedReplyUpdate = z.input<typeof savedReplyUpdate>;

/** POST /saved-replies/:id/uses: inserting it into a note on this ticket counts a use. */
export const savedReplyUse = z.object({ ticket_id: z.coerce.number().int().positive() });
export type SavedReplyUse = z.input<typeof savedReplyUse>;

/** The reply's text with its tokens filled for that ticket, and the count after this use. */
export const savedReplyFilled = z.object({ text: z.string(), usage_count: z.number().int() });
export type SavedReplyFilled = z.infer<typeof savedReplyFilled>;
