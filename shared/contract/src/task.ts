import { z } from 'zod';
import { clearable, id, intLike, isoDate, isoInput } from './common';

export const task = z.object({
  task_id: id,
  ticket_id: id,
  instruction: z.string(),
  sort_order: z.number().int(),
  date_completed: isoDate.nullable(),
  date_created: isoDate,
});
export type Task = z.infer<typeof task>;

export const taskCreate = z.object({
  instruction: z.string().trim().min(1),
  ticket_id: intLike.optional(),
});
export type TaskCreate = z.input<typeof taskCreate>;

/** The whole task may be sent; date_completed a timestamp (done), or null / 'null' (not done). */
export const taskUpdate = z.object({
  instruction: z.string().trim().min(1).optional(),
  date_completed: clearable(isoInput).optional(),
});
export type TaskUpdate = z.input<typeof taskUpdate>;

export const taskParams = z.object({ id: z.coerce.number().int(), task_id: z.coerce.number().int() });
