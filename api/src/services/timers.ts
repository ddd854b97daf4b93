import type { RunningTimer, TimeEntryCreated, TimerAnswer } from '@portal/contract';
import {
  MESSAGES, notificationChanges, pausedAtLimit, pausedTimer, resumedTimer, timerCheck, timerElapsedSeconds, timerReplaceQuestion,
  timerUnits, validateTimeEntry, type Change, type TimerState, type Viewer,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import {
  findTimer, insertTimer, runningTimers, takeTimer, updateTimerIfUnchanged, type StoredTimer, type TitledTimer,
} from '../repositories/timer-repository';
import { addBellNotifications, type BellText } from './bell';
import { onTransaction, type ServiceContext, type Written } from './service-context';
import { logTime } from './time-entries';

// Timers (docs/product/time-and-billing.md#timers): each staff member's one timer lives in the timers table, so a
// reload, a closed tab or another device finds it, and no process can start a second (contact_id is the key). Stopping
// logs its time through logTime, the "Log time" form's own service, so every rule on logging time applies to it; the
// entry and the timer's removal are one transaction. Each write tells the person's own tabs (a `timer` change).

const timerChange = (contactId: number): Change => ({ kind: 'timer', contactId });
/** What pausing and resuming change of a timer. */
const stretchOf = (timer: TimerState) => ({ started_at: timer.started_at, accumulated_seconds: timer.accumulated_seconds, paused_at: timer.paused_at });

function present(timer: TitledTimer, now: Date): RunningTimer {
  const elapsed = timerElapsedSeconds(timer, now);
  return {
    ticket_id: timer.ticket_id,
    company_id: timer.company_id,
    title: timer.title,
    started_at: timer.started_at,
    date_created: timer.date_created,
    paused: timer.paused_at !== null,
    elapsed_seconds: elapsed,
    units: timerUnits(elapsed),
    now: now.toISOString(),
  };
}

async function answerOf(ctx: ServiceContext, executor: PortalDb, contactId: number): Promise<TimerAnswer> {
  const timer = await findTimer(executor, contactId);
  return { timer: timer ? present(timer, ctx.clock()) : null };
}

/** Logs the timer's time for its owner on `trx`, rounded up to whole units, with the description the form would need. */
async function logTimerTime(ctx: ServiceContext, trx: PortalDb, timer: StoredTimer, description: string | undefined): Promise<Written<TimeEntryCreated>> {
  const units = timerUnits(timerElapsedSeconds(timer, ctx.clock()));
  const checked = validateTimeEntry({ contact_id: timer.contact_id, time: units, description: description ?? '' });
  if (!checked.ok) throw new HttpError(400, checked.message);
  return logTime(onTransaction(ctx, trx), { ticket_id: timer.ticket_id, ...checked.value });
}

/** GET /timer: the caller's timer as it stands now, or null. */
export async function readTimer(ctx: ServiceContext, viewer: Viewer): Promise<TimerAnswer> {
  return answerOf(ctx, ctx.db, viewer.contactId);
}

/**
 * POST /timer: starts the caller's timer on a ticket (404 when it does not exist). Already on that ticket: it goes on
 * (resumed if paused). On another ticket: 409 asking whether to stop it, unless `replace`, which logs the running
 * one's time with `description` and starts this one, in one transaction.
 */
export async function startTimer(
  ctx: ServiceContext, viewer: Viewer, input: { ticket_id: number; replace?: boolean | undefined; description?: string | undefined },
): Promise<Written<TimerAnswer>> {
  const now = ctx.clock().toISOString();
  const { answer, logged } = await ctx.db.transaction().execute(async (trx) => {
    const [ticket] = await ctx.repos.tickets.findRows(trx, [input.ticket_id]);
    if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
    let logged: Written<TimeEntryCreated> | null = null;
    const running = await findTimer(trx, viewer.contactId);
    if (running && running.ticket_id === ticket.ticket_id) {
      const { title: _title, company_id: _company, ...stored } = running;
      if (stored.paused_at !== null) await updateTimerIfUnchanged(trx, stored, stretchOf(resumedTimer(stored, ctx.clock())));
    } else {
      if (running && !input.replace) throw new HttpError(409, timerReplaceQuestion(running.title));
      if (running) {
        logged = await logTimerTime(ctx, trx, running, input.description);
        await takeTimer(trx, viewer.contactId);
      }
      const row = { contact_id: viewer.contactId, ticket_id: ticket.ticket_id, started_at: now, date_created: now };
      if (!(await insertTimer(trx, row))) {
        // Another tab or process started one meanwhile: asked as above.
        const other = await findTimer(trx, viewer.contactId);
        if (other && other.ticket_id !== ticket.ticket_id) throw new HttpError(409, timerReplaceQuestion(other.title));
      }
    }
    return { answer: await answerOf(ctx, trx, viewer.contactId), logged };
  });
  return { result: answer, changes: [...(logged?.changes ?? []), timerChange(viewer.contactId)] };
}

async function changeTimer(ctx: ServiceContext, viewer: Viewer, next: (timer: StoredTimer, now: Date) => StoredTimer): Promise<Written<TimerAnswer>> {
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const timer = await findTimer(trx, viewer.contactId);
    if (!timer) throw new HttpError(404, MESSAGES.timerNotFound);
    const { title: _title, company_id: _company, ...stored } = timer;
    const changed = next(stored, ctx.clock());
    if (changed !== stored) await updateTimerIfUnchanged(trx, stored, stretchOf(changed));
    return answerOf(ctx, trx, viewer.contactId);
  });
  return { result: answer, changes: [timerChange(viewer.contactId)] };
}

/** POST /timer/pause: what has run so far is kept; paused time does not count. */
export function pauseTimer(ctx: ServiceContext, viewer: Viewer): Promise<Written<TimerAnswer>> {
  return changeTimer(ctx, viewer, pausedTimer);
}

/** POST /timer/resume: it runs again from now. */
export function resumeTimer(ctx: ServiceContext, viewer: Viewer): Promise<Written<TimerAnswer>> {
  return changeTimer(ctx, viewer, resumedTimer);
}

/**
 * POST /timer/stop: logs the timer's time on its ticket with the description, rounded up to 6-minute units, and
 * removes the timer, in one transaction: a refused entry (no description, a rule of logging time) keeps the timer.
 */
export async function stopTimer(ctx: ServiceContext, viewer: Viewer, description: string | undefined): Promise<Written<TimeEntryCreated>> {
  const logged = await ctx.db.transaction().execute(async (trx) => {
    // Taken first: of two stops at once (two tabs) one logs, the other finds no timer.
    const timer = await takeTimer(trx, viewer.contactId);
    if (!timer) throw new HttpError(404, MESSAGES.timerNotFound);
    return logTimerTime(ctx, trx, timer, description);
  });
  return { result: logged.result, changes: [...logged.changes, timerChange(viewer.contactId)] };
}

/** DELETE /timer: the timer goes and nothing is logged. */
export async function discardTimer(ctx: ServiceContext, viewer: Viewer): Promise<Written<TimerAnswer>> {
  const taken = await takeTimer(ctx.db, viewer.contactId);
  if (!taken) throw new HttpError(404, MESSAGES.timerNotFound);
  return { result: { timer: null }, changes: [timerChange(viewer.contactId)] };
}

export interface TimerCheckSummary {
  asked: number;
  paused: number;
}

/**
 * The job runner's check (docs/product/time-and-billing.md#timers): a timer that has run 4 hours asks its owner
 * (bell) whether the work is still going on; one that reaches 10 hours is paused at 10 hours and its owner told.
 * Each once per timer, whichever process sees it first: the write is conditional on the timer being as read, and the
 * notification is written in the same transaction.
 */
export async function checkTimers(
  ctx: ServiceContext, publish: (...changes: Change[]) => Promise<unknown>, now = ctx.clock(),
): Promise<TimerCheckSummary> {
  const summary: TimerCheckSummary = { asked: 0, paused: 0 };
  for (const { title, company_id: _company, ...timer } of await runningTimers(ctx.db)) {
    const check = timerCheck(timer, now);
    if (check === null) continue;
    const at = now.toISOString();
    const patch = check === 'pause'
      ? { ...stretchOf(pausedAtLimit(timer)), limit_paused_at: at, asked_at: timer.asked_at ?? at }
      : { asked_at: at };
    const text: BellText = { key: check === 'pause' ? 'bell.timerPaused' : 'bell.timerStillGoing', values: { title } };
    const written = await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateTimerIfUnchanged(trx, timer, patch))) return false;
      await addBellNotifications(ctx.repos.notifications, trx, [{ contact_id: timer.contact_id, ticket_id: timer.ticket_id, text, date_created: at }]);
      return true;
    });
    if (!written) continue;
    summary[check === 'pause' ? 'paused' : 'asked'] += 1;
    await publish(...notificationChanges([timer.contact_id]), timerChange(timer.contact_id));
  }
  return summary;
}
