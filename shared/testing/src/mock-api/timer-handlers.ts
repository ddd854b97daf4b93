import { timerEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canUseTimer, pausedTimer, resumedTimer, timerElapsedSeconds, timerReplaceQuestion, timerUnits, validateTimeEntry, type Viewer,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { MockTimer, PortalData } from './portal-data';
import { contactName, findTicket, ticketTotalTime } from './portal-queries';
import { answer, errorAnswer, mock, nextId, nowIso, readBody } from './respond';

/** Timers, with the API's rules (api/src/services/timers.ts): staff only, one each, stopped into a time entry rounded up. */
export function timerHandlers(db: PortalData) {
  const staff = (): Viewer | null => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer && canUseTimer(viewer) ? viewer : null;
  };
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const titleOf = (ticketId: number) => findTicket(db, ticketId)?.title ?? '';
  const present = (contactId: number) => {
    const timer = db.timers[contactId];
    if (!timer) return { timer: null };
    const now = new Date();
    const elapsed = timerElapsedSeconds(timer, now);
    return {
      timer: {
        ticket_id: timer.ticket_id, company_id: findTicket(db, timer.ticket_id)?.company_id ?? 0, title: titleOf(timer.ticket_id), started_at: timer.started_at, date_created: timer.date_created,
        paused: timer.paused_at !== null, elapsed_seconds: elapsed, units: timerUnits(elapsed), now: now.toISOString(),
      },
    };
  };
  /** Logs the timer's time as POST /time would; an error answer when the description is missing. */
  const logFrom = (contactId: number, timer: MockTimer, description: string | undefined) => {
    const units = timerUnits(timerElapsedSeconds(timer, new Date()));
    const checked = validateTimeEntry({ contact_id: contactId, time: units, description: description ?? '' });
    if (!checked.ok) return { error: errorAnswer(400, checked.message) };
    const entry = {
      time_id: nextId(db.timeEntries, (e) => e.time_id), ticket_id: timer.ticket_id, contact_id: contactId, contact_name: contactName(db, contactId),
      time: units, description: checked.value.description, date: nowIso(), corrects_time_id: null, invoice: null,
    };
    const total = ticketTotalTime(db, timer.ticket_id) + units;
    db.timeEntries.push(entry);
    const row = findTicket(db, timer.ticket_id);
    if (row) row.total_time = total;
    return { logged: { entry, total_time: total } };
  };
  const change = (next: (timer: MockTimer, now: Date) => MockTimer) => () => {
    const viewer = staff();
    if (!viewer) return refused();
    const timer = db.timers[viewer.contactId];
    if (!timer) return errorAnswer(404, MESSAGES.timerNotFound);
    db.timers[viewer.contactId] = next(timer, new Date());
    return answer(api.pauseTimer, present(viewer.contactId));
  };

  return [
    mock(api.timer, () => {
      const viewer = staff();
      return viewer ? answer(api.timer, present(viewer.contactId)) : refused();
    }),
    mock(api.startTimer, async ({ request }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.startTimer, MESSAGES.invalidTimeEntry);
      if (!read.ok) return read.answer;
      const { ticket_id: ticketId, replace, description } = read.body;
      if (!findTicket(db, ticketId)) return errorAnswer(404, MESSAGES.ticketNotFound);
      const running = db.timers[viewer.contactId];
      if (running && running.ticket_id === ticketId) {
        db.timers[viewer.contactId] = resumedTimer(running, new Date());
      } else {
        if (running && !replace) return errorAnswer(409, timerReplaceQuestion(titleOf(running.ticket_id)));
        if (running) {
          const logged = logFrom(viewer.contactId, running, description);
          if (logged.error) return logged.error;
        }
        const now = nowIso();
        db.timers[viewer.contactId] = { ticket_id: ticketId, started_at: now, accumulated_seconds: 0, paused_at: null, date_created: now };
      }
      return answer(api.startTimer, present(viewer.contactId));
    }),
    mock(api.pauseTimer, change(pausedTimer)),
    mock(api.resumeTimer, change(resumedTimer)),
    mock(api.stopTimer, async ({ request }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.stopTimer, MESSAGES.invalidTimeEntry);
      if (!read.ok) return read.answer;
      const timer = db.timers[viewer.contactId];
      if (!timer) return errorAnswer(404, MESSAGES.timerNotFound);
      const logged = logFrom(viewer.contactId, timer, read.body.description);
      if (logged.error) return logged.error;
      delete db.timers[viewer.contactId];
      return answer(api.stopTimer, logged.logged);
    }),
    mock(api.discardTimer, () => {
      const viewer = staff();
      if (!viewer) return refused();
      if (!db.timers[viewer.contactId]) return errorAnswer(404, MESSAGES.timerNotFound);
      delete db.timers[viewer.contactId];
      return answer(api.discardTimer, { timer: null });
    }),
  ];
}
