import { isStaff } from './groups';
import type { Viewer } from './policy';
import { UNIT_MINUTES } from './units';

// Timers (docs/product/time-and-billing.md#timers): a staff member's one timer, kept by the server. Its time is the
// stretches it ran, paused ones excluded, and is logged rounded UP to whole 6-minute units.

/** Past this much running time the timer asks (bell) whether the work is still going on, once. */
export const TIMER_ASK_SECONDS = 4 * 60 * 60;
/** At this much running time the job runner pauses the timer, once: a forgotten timer logs no night. */
export const TIMER_LIMIT_SECONDS = 10 * 60 * 60;
/** How often the job runner looks at running timers. */
export const TIMER_CHECK_MS = 60_000;

const UNIT_SECONDS = UNIT_MINUTES * 60;

/** A timer as stored: the running stretch began at `started_at`; `paused_at` is set while paused. */
export interface TimerState {
  started_at: string;
  accumulated_seconds: number;
  paused_at: string | null;
}

/** Starting and stopping a timer: staff only (agents and admins), each their own. */
export function canUseTimer(viewer: Viewer): boolean {
  return isStaff(viewer.groupId);
}

/** Whole seconds the timer has run by `now`: earlier stretches plus the running one; paused time does not count. */
export function timerElapsedSeconds(timer: TimerState, now: Date): number {
  if (timer.paused_at !== null) return timer.accumulated_seconds;
  const running = Math.floor((now.getTime() - Date.parse(timer.started_at)) / 1000);
  return timer.accumulated_seconds + Math.max(0, Number.isFinite(running) ? running : 0);
}

/** Seconds as the units logged: rounded up to whole 6-minute units, at least one (1 s -> 1, 6:00 -> 1, 6:01 -> 2). */
export function timerUnits(seconds: number): number {
  return Math.max(1, Math.ceil(Math.max(0, seconds) / UNIT_SECONDS));
}

/** The timer paused at `now`: the running stretch is added to what it had. A paused timer stays as it is. */
export function pausedTimer<T extends TimerState>(timer: T, now: Date): T {
  if (timer.paused_at !== null) return timer;
  return { ...timer, accumulated_seconds: timerElapsedSeconds(timer, now), paused_at: now.toISOString() };
}

/** The timer running again from `now`. A running timer stays as it is. */
export function resumedTimer<T extends TimerState>(timer: T, now: Date): T {
  if (timer.paused_at === null) return timer;
  return { ...timer, started_at: now.toISOString(), paused_at: null };
}

/**
 * The timer paused at the limit: it counts TIMER_LIMIT_SECONDS, paused at the instant it reached them, so a timer the
 * job runner reaches late (the portal was down) still counts no more than the limit.
 */
export function pausedAtLimit<T extends TimerState>(timer: T): T {
  if (timer.paused_at !== null) return timer;
  const reachedAt = Date.parse(timer.started_at) + Math.max(0, TIMER_LIMIT_SECONDS - timer.accumulated_seconds) * 1000;
  return { ...timer, accumulated_seconds: Math.max(timer.accumulated_seconds, TIMER_LIMIT_SECONDS), paused_at: new Date(reachedAt).toISOString() };
}

/** What the job runner does with a timer at `now`: pause it at the limit, ask whether it is still going, or nothing. Each once. */
export function timerCheck(
  timer: TimerState & { asked_at: string | null; limit_paused_at: string | null }, now: Date,
): 'pause' | 'ask' | null {
  if (timer.paused_at !== null) return null;
  const elapsed = timerElapsedSeconds(timer, now);
  if (elapsed >= TIMER_LIMIT_SECONDS && timer.limit_paused_at === null) return 'pause';
  if (elapsed >= TIMER_ASK_SECONDS && timer.asked_at === null) return 'ask';
  return null;
}

/** The header's running time, 'h:mm:ss' (hours grow as needed). */
export function formatTimerElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
