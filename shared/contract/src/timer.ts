import { z } from 'zod';
import { id, intLike, isoDate } from './common';

/**
 * The caller's timer (docs/product/time-and-billing.md#timers), as the server counts it at `now`: the header ticks
 * from `elapsed_seconds` and `now`, so a reload or another device shows the same time. `units`: what stopping now logs.
 */
export const runningTimer = z.object({
  ticket_id: id,
  /** The ticket page's company: /clients/{company_id}/tickets/{ticket_id}. */
  company_id: id,
  title: z.string(),
  started_at: isoDate,
  date_created: isoDate,
  paused: z.boolean(),
  elapsed_seconds: z.number().int(),
  units: z.number().int(),
  now: isoDate,
});
export type RunningTimer = z.infer<typeof runningTimer>;

/** GET /timer and what starting, pausing or resuming answers: the caller's timer, or null. */
export const timerAnswer = z.object({ timer: runningTimer.nullable() });
export type TimerAnswer = z.infer<typeof timerAnswer>;

/**
 * POST /timer: start on a ticket. While one runs on another ticket the answer is 409 (the caller asks first);
 * `replace: true` stops that one, logging its time with `description`, and starts this one.
 */
export const timerStart = z.object({
  ticket_id: intLike.pipe(z.number().int().positive()),
  replace: z.boolean().optional(),
  description: z.string().max(10_000).optional(),
});
export type TimerStart = z.input<typeof timerStart>;

/** POST /timer/stop: the description of the time it logs. */
export const timerStop = z.object({ description: z.string().max(10_000).optional() });
export type TimerStop = z.input<typeof timerStop>;
