import { z } from 'zod';
import { MESSAGES, TAG_NAME_MAX, normaliseTagName, parseTagFilter, tagNameProblem } from '@portal/domain';
import { id, isoDate } from './common';

/** A tag (docs/product/tags-and-views.md): staff only; usage_count is how many tickets carry it. */
export const tag = z.object({
  id,
  name: z.string(),
  usage_count: z.number().int(),
  date_created: isoDate,
});
export type Tag = z.infer<typeof tag>;

/** A tag name as sent: normalised (trimmed, one space), 1 to 40 characters, no comma. */
export const tagName = z.string().transform(normaliseTagName).superRefine((name, ctx) => {
  const problem = tagNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** GET /tags?q=: every tag with its usage, or the autocomplete's for the text `q` (names containing it). */
export const tagListQuery = z.object({
  q: z.string().max(TAG_NAME_MAX).optional().describe('Text the names contain, ignoring case (the autocomplete)'),
});
export type TagListQuery = z.input<typeof tagListQuery>;

/** POST /ticket/:id/tags: the tag to put on the ticket, created when no tag has this name (ignoring case). */
export const ticketTagAdd = z.object({ name: tagName });
export type TicketTagAdd = z.input<typeof ticketTagAdd>;

/** DELETE /ticket/:id/tags/:name: the ticket, and the tag's name (ignoring case). */
export const ticketTagParams = z.object({ id: z.coerce.number().int(), name: z.string().min(1).max(200) });

/** A ticket's tags after a change, by name. */
export const ticketTags = z.object({ ticket_id: id, tags: z.array(z.string()) });
export type TicketTags = z.infer<typeof ticketTags>;

/** PUT /tags/:id (admins): a new name; a name another tag has merges this one into it. */
export const tagRename = z.object({ name: tagName });
export type TagRename = z.input<typeof tagRename>;

/** A list's tag filter as sent: `tag=vip,hosting` (or repeated); a ticket must carry each. */
export const tagFilterList = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z.string().max(1000, MESSAGES.tagNameInvalid).transform(parseTagFilter),
);
