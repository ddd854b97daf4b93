import { z } from 'zod';
import {
  LIST_SORT_FIELDS, MESSAGES, SAVED_VIEW_BOARDS, SAVED_VIEW_NAME_MAX, SAVED_VIEW_SCREENS, TICKET_TAGS_MAX, isHistoryTicket, normaliseTagName,
  parseTagFilter,
} from '@portal/domain';
import { id, isoDate } from './common';

/**
 * What a saved view keeps (docs/product/tags-and-views.md#saved-views): the board, its sort, the list's status
 * filters, Maintenance Only and the tags a ticket must carry. Stored as JSON and read back through this schema.
 */
export const savedViewFilter = z.object({
  board: z.enum(SAVED_VIEW_BOARDS),
  sort: z.enum(LIST_SORT_FIELDS),
  direction: z.enum(['ASC', 'DESC']),
  statuses: z.array(z.number().int().positive()).max(50)
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.every((statusId) => !isHistoryTicket(statusId)), 'Complete and Cancelled are not list filters'),
  maintenance_only: z.boolean(),
  tags: z.array(z.string().max(200)).max(TICKET_TAGS_MAX).transform((names) => parseTagFilter(names.map(normaliseTagName).join(','))),
});
export type SavedViewFilterValue = z.infer<typeof savedViewFilter>;

/** A saved view with its live count: the tickets its filter matches now, counted by the list's own query. */
export const savedView = z.object({
  id,
  name: z.string(),
  /** The dashboard whose board it opens. */
  screen: z.enum(SAVED_VIEW_SCREENS),
  filter: savedViewFilter,
  position: z.number().int(),
  count: z.number().int(),
  date_created: isoDate,
});
export type SavedView = z.infer<typeof savedView>;

const name = z.string().trim().min(1, MESSAGES.enterSavedViewName).max(SAVED_VIEW_NAME_MAX, MESSAGES.savedViewNotSaved);

/** POST /saved-views: the caller's new view of their own board (the screen follows from who they are). */
export const savedViewCreate = z.object({ name, filter: savedViewFilter });
export type SavedViewCreate = z.input<typeof savedViewCreate>;

/** PUT /saved-views/:id: a new name, filter or place in the list. */
export const savedViewUpdate = z.object({
  name: name.optional(),
  filter: savedViewFilter.optional(),
  position: z.number().int().min(0).max(1000).optional(),
});
export type SavedViewUpdate = z.input<typeof savedViewUpdate>;
