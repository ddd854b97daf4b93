import { GROUP_ADMIN } from '../groups';
import { MESSAGES } from '../messages';
import { businessDurationText, canManageSla, canSeeSla, firstSlaChangeAt, nextSlaChangeAt, slaBadgeAt, slaBadgeText, targetsProblem } from './sla-rules';

describe('response-time rules', () => {
  test('admins set the promises; staff read a ticket\'s clock; clients neither', () => {
    expect(canManageSla({ groupId: GROUP_ADMIN })).toBe(true);
    expect([2, 3, 4, 5].map((groupId) => canManageSla({ groupId }))).toEqual([false, false, false, false]);
    expect([1, 2, 3, 4, 5].map((groupId) => canSeeSla({ groupId }))).toEqual([true, true, true, true, false]);
  });

  test('the badge says where the ticket stands in words', () => {
    expect(businessDurationText(45)).toBe('45 min');
    expect(businessDurationText(120)).toBe('2 h');
    expect(businessDurationText(-135)).toBe('2 h 15 min');
    expect(slaBadgeText({ target: 'first_response', left_minutes: 120, state: 'ok', paused: false })).toBe('First response due in 2 h');
    expect(slaBadgeText({ target: 'resolution', left_minutes: 30, state: 'at-risk', paused: false })).toBe('Resolution at risk: 30 min left');
    expect(slaBadgeText({ target: 'resolution', left_minutes: -75, state: 'breached', paused: false })).toBe('Resolution overdue by 1 h 15 min');
    expect(slaBadgeText({ target: 'first_response', left_minutes: 50, state: 'ok', paused: true }))
      .toBe('First response due in 50 min (paused: waiting on the client)');
  });

  test('targets: whole minutes in range, each known priority once', () => {
    const line = (priority_id: number, first: number | null, resolution: number | null) => ({ priority_id, first_response_minutes: first, resolution_minutes: resolution });
    expect(targetsProblem([line(1, 60, 480), line(4, null, 525_600)], [1, 2, 3, 4])).toBeNull();
    for (const bad of [[line(1, 60, 480), line(1, 30, 240)], [line(9, 60, 480)], [line(1, 0, 480)], [line(1, 1.5, 480)], [line(1, 60, 525_601)]]) {
      expect(targetsProblem(bad, [1, 2, 3, 4])).toBe(MESSAGES.slaTargetInvalid);
    }
  });

  test('a clock read earlier turns amber and red on time by the instants it carries, never back', () => {
    const read = {
      target: 'first_response' as const, left_minutes: 40, state: 'ok' as const, paused: false,
      due_at: '2026-03-30T09:00:00.000Z', at_risk_at: '2026-03-30T08:45:00.000Z',
    };
    expect(slaBadgeAt(read, new Date('2026-03-30T08:30:00.000Z'))).toEqual({ state: 'ok', text: 'First response due in 40 min' });
    expect(slaBadgeAt(read, new Date('2026-03-30T08:50:00.000Z'))).toEqual({ state: 'at-risk', text: 'First response at risk' });
    expect(slaBadgeAt(read, new Date('2026-03-30T09:00:00.000Z'))).toEqual({ state: 'breached', text: 'First response overdue' });
    expect(slaBadgeAt({ ...read, paused: true }, new Date('2026-03-30T09:30:00.000Z')).state).toBe('ok');
    expect(slaBadgeAt({ ...read, state: 'breached', left_minutes: -5 }, new Date('2026-03-30T08:00:00.000Z')))
      .toEqual({ state: 'breached', text: 'First response overdue by 5 min' });
  });
});

describe('when a clock next changes by time alone', () => {
  const clock = { due_at: '2026-03-30T14:00:00.000Z', at_risk_at: '2026-03-30T12:00:00.000Z', paused: false };
  test('an ok clock at its 75 %, an at-risk one at its breach; a breached or paused one never', () => {
    expect(nextSlaChangeAt({ ...clock, state: 'ok' })).toEqual(new Date('2026-03-30T12:00:00.000Z'));
    expect(nextSlaChangeAt({ ...clock, state: 'at-risk' })).toEqual(new Date('2026-03-30T14:00:00.000Z'));
    expect(nextSlaChangeAt({ ...clock, state: 'breached' })).toBeNull();
    expect(nextSlaChangeAt({ ...clock, state: 'ok', paused: true })).toBeNull();
  });

  test("a list's earliest change among its clocks; none without a clock that moves", () => {
    const later = { due_at: '2026-03-31T14:00:00.000Z', at_risk_at: '2026-03-31T10:00:00.000Z', paused: false, state: 'ok' as const };
    expect(firstSlaChangeAt([later, null, { ...clock, state: 'at-risk' }, undefined])).toEqual(new Date('2026-03-30T14:00:00.000Z'));
    expect(firstSlaChangeAt([null, { ...clock, state: 'breached' }, { ...later, paused: true }])).toBeNull();
    expect(firstSlaChangeAt([])).toBeNull();
  });
});
