import { z } from 'zod';
import { LIST_LIMIT_MAX as ACTIVITY_LIMIT_MAX, parseActivityCursor, STATUS_LINE_SOURCE } from '@portal/domain';
import { id, intLike, isoDate } from './common';

export const activity = z.object({
  activity_id: id,
  ticket_id: id,
  contact_id: id.nullable(),
  /** null: written by the support team. */
  contact_name: z.string().nullable(),
  note: z.string(),
  date_created: isoDate,
  /**
   * 'mail': it came by e-mail (docs/product/notifications-and-mail.md#the-note); 'status': a status line the
   * change wrote, its author the one who made it (docs/product/tickets.md#status-lines); null: written in the portal.
   */
  source: z.enum(['mail', STATUS_LINE_SOURCE]).nullable().default(null),
  /** An internal note: seen by the support team only, never by a client (docs/product/tickets.md#internal-notes). */
  internal: z.boolean().default(false),
});
export type Activity = z.infer<typeof activity>;

/**
 * GET /ticket/:id/activity: newest first, `limit` at a time (docs/product/tickets.md#activity-notes).
 * `before`: the notes older than that cursor (the next page); `from`: every note from that cursor on
 * (the window a feed has loaded, kept current by one read; up to 1000, `limit` aside). Cursors come from activityCursor (@portal/domain).
 */
const cursor = z.string().refine((text) => parseActivityCursor(text) !== null, 'Not an activity cursor');
export const activityListQuery = z.object({
  before: cursor.optional(),
  from: cursor.optional(),
  /** Notes to answer (the feed asks ACTIVITY_PAGE_SIZE); without it, before and from, the whole feed. */
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMIT_MAX).optional(),
}).refine((query) => !(query.before && query.from), 'Use before or from, not both');
export type ActivityListQuery = z.input<typeof activityListQuery>;

/**
 * POST /activity. The author is the signed-in contact; a contact_id in the body is ignored. `internal`: an
 * internal note (staff only; a client sending true is refused, docs/product/tickets.md#internal-notes).
 */
export const activityCreate = z.object({
  ticket_id: intLike.pipe(z.number().int().positive()),
  note: z.string().trim().min(1),
  contact_id: intLike.nullable().optional(),
  internal: z.boolean().optional(),
});
export type ActivityCreate = z.input<typeof activityCreate>;
