import { z } from 'zod';
import { id, intLike, isoDate } from './common';

export const activity = z.object({
  activity_id: id,
  ticket_id: id,
  contact_id: id.nullable(),
  /** null: written by the support team. */
  contact_name: z.string().nullable(),
  note: z.string(),
  date_created: isoDate,
  /** 'mail': it came by e-mail (docs/product/notifications-and-mail.md#the-note); null: written in the portal. */
  source: z.enum(['mail']).nullable().default(null),
});
export type Activity = z.infer<typeof activity>;

/** POST /activity. The author is the signed-in contact; a contact_id in the body is ignored. */
export const activityCreate = z.object({
  ticket_id: intLike.pipe(z.number().int().positive()),
  note: z.string().trim().min(1),
  contact_id: intLike.nullable().optional(),
});
export type ActivityCreate = z.input<typeof activityCreate>;
