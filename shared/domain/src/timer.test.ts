import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { timerReplaceQuestion } from './messages';
import {
  TIMER_ASK_SECONDS, TIMER_LIMIT_SECONDS, canUseTimer, formatTimerElapsed, pausedAtLimit, pausedTimer, resumedTimer, timerCheck,
  timerElapsedSeconds, timerUnits, type TimerState,
} from './timer';

const at = (iso: string) => new Date(iso);
const running = (startedAt: string, accumulated = 0): TimerState => ({ started_at: startedAt, accumulated_seconds: accumulated, paused_at: null });
const checked = (timer: TimerState, extra: Partial<{ asked_at: string | null; limit_paused_at: string | null }> = {}) =>
  ({ ...timer, asked_at: null, limit_paused_at: null, ...extra });

describe('timer rounding', () => {
  it('logs 1 s as one unit', () => expect(timerUnits(1)).toBe(1));
  it('logs 6:00 as one unit', () => expect(timerUnits(360)).toBe(1));
  it('logs 6:01 as two units', () => expect(timerUnits(361)).toBe(2));
  it('logs a timer stopped at once as one unit', () => expect(timerUnits(0)).toBe(1));
  it('logs 1:00:00 as ten units', () => expect(timerUnits(3600)).toBe(10));
});

describe('timer elapsed time', () => {
  const timer = running('2026-12-07T10:00:00.000Z', 120);

  it('adds the running stretch to what earlier stretches counted', () => {
    expect(timerElapsedSeconds(timer, at('2026-12-07T10:05:00.000Z'))).toBe(420);
  });

  it('counts nothing while paused, and goes on from where it paused', () => {
    const paused = pausedTimer(timer, at('2026-12-07T10:05:00.000Z'));
    expect(paused).toMatchObject({ accumulated_seconds: 420, paused_at: '2026-12-07T10:05:00.000Z' });
    expect(timerElapsedSeconds(paused, at('2026-12-07T12:00:00.000Z'))).toBe(420);
    const resumed = resumedTimer(paused, at('2026-12-07T12:00:00.000Z'));
    expect(resumed.paused_at).toBeNull();
    expect(timerElapsedSeconds(resumed, at('2026-12-07T12:01:00.000Z'))).toBe(480);
  });

  it('never counts backwards when the clock is behind the start', () => {
    expect(timerElapsedSeconds(running('2026-12-07T10:00:00.000Z'), at('2026-12-07T09:59:00.000Z'))).toBe(0);
  });

  it('shows h:mm:ss', () => {
    expect(formatTimerElapsed(0)).toBe('0:00:00');
    expect(formatTimerElapsed(3 * 3600 + 7 * 60 + 9)).toBe('3:07:09');
    expect(formatTimerElapsed(12 * 3600)).toBe('12:00:00');
  });
});

describe('timer thresholds', () => {
  const start = '2026-12-07T08:00:00.000Z';
  const after = (seconds: number) => new Date(Date.parse(start) + seconds * 1000);

  it('asks nothing before 4 hours', () => expect(timerCheck(checked(running(start)), after(TIMER_ASK_SECONDS - 1))).toBeNull());
  it('asks at 4 hours, once', () => {
    expect(timerCheck(checked(running(start)), after(TIMER_ASK_SECONDS))).toBe('ask');
    expect(timerCheck(checked(running(start), { asked_at: after(TIMER_ASK_SECONDS).toISOString() }), after(TIMER_ASK_SECONDS + 60))).toBeNull();
  });
  it('counts paused time out of the thresholds', () => {
    expect(timerCheck(checked(running(start, TIMER_ASK_SECONDS - 60)), after(59))).toBeNull();
    expect(timerCheck(checked(running(start, TIMER_ASK_SECONDS - 60)), after(60))).toBe('ask');
    expect(timerCheck(checked(pausedTimer(running(start), after(TIMER_LIMIT_SECONDS + 1))), after(TIMER_LIMIT_SECONDS + 100))).toBeNull();
  });
  it('pauses at 10 hours, once, counting 10 hours however late it is seen', () => {
    const late = after(TIMER_LIMIT_SECONDS + 3 * 3600);
    expect(timerCheck(checked(running(start), { asked_at: start }), late)).toBe('pause');
    const paused = pausedAtLimit(running(start));
    expect(paused.accumulated_seconds).toBe(TIMER_LIMIT_SECONDS);
    expect(paused.paused_at).toBe(after(TIMER_LIMIT_SECONDS).toISOString());
    // Resumed after the pause: not paused again by the limit.
    const resumed = checked(resumedTimer(paused, late), { asked_at: start, limit_paused_at: late.toISOString() });
    expect(timerCheck(resumed, new Date(late.getTime() + 60_000))).toBeNull();
  });
});

describe('who uses a timer', () => {
  it('is staff only', () => {
    expect(canUseTimer({ contactId: 1, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] })).toBe(true);
    expect(canUseTimer({ contactId: 2, groupId: 3, companyIds: [], primaryCompanyIds: [] })).toBe(true);
    expect(canUseTimer({ contactId: 3, groupId: GROUP_CLIENT, companyIds: [1], primaryCompanyIds: [1] })).toBe(false);
  });
  it('asks before replacing a running timer', () => {
    expect(timerReplaceQuestion('Fix the form')).toBe('Stop the timer on Fix the form and start here?');
  });
});
