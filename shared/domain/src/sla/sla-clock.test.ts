import { DEFAULT_STATUSES, PRIORITY, STATUS } from '../lookups';
import { statusLineNote } from '../ticket-history';
import type { BusinessHours } from './business-hours';
import { slaStateOf, slaTicketOf, statusMoveOf, type PriorityTarget, type SlaNote, type SlaTicket } from './sla-clock';

// A ticket's response-time clock (docs/product/response-times.md#the-clock), with a fixed clock.

const berlin: BusinessHours = {
  time_zone: 'Europe/Berlin',
  days: ([1, 2, 3, 4, 5] as const).map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: ['2026-04-03'],
};
const targets: PriorityTarget[] = [
  { priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 480 },
  { priority_id: PRIORITY.low, first_response_minutes: null, resolution_minutes: 2400 },
];
const at = (iso: string) => new Date(iso);
// Opened Fri 27 Mar 2026 at 15:00 CET (14:00Z): two business hours that Friday.
const opened: SlaTicket = {
  priority_id: PRIORITY.urgent, status_id: STATUS.assigned, date_created: '2026-03-27T14:00:00.000Z',
  initial_status_id: STATUS.backlog, changes: [], first_response_at: null,
};

describe('slaStateOf', () => {
  test('first the first response is due; amber from 75 % used, red once over, across the change to summer time', () => {
    expect(slaStateOf(opened, targets, berlin, at('2026-03-27T14:30:00.000Z'))).toEqual({
      target: 'first_response', due_at: '2026-03-27T15:00:00.000Z', at_risk_at: '2026-03-27T14:45:00.000Z',
      left_minutes: 30, state: 'ok', paused: false,
    });
    expect(slaStateOf(opened, targets, berlin, at('2026-03-27T14:45:00.000Z'))).toMatchObject({ state: 'at-risk', left_minutes: 15 });
    // Monday 30 Mar 09:30 CEST: 2 h on Friday, nothing over the weekend, 30 min on Monday: 150 used of 60.
    expect(slaStateOf(opened, targets, berlin, at('2026-03-30T07:30:00.000Z'))).toMatchObject({
      target: 'first_response', due_at: '2026-03-27T15:00:00.000Z', left_minutes: -90, state: 'breached',
    });
  });

  test('after the first response, the resolution is due in business time, skipping the weekend and a holiday', () => {
    const answered = { ...opened, first_response_at: '2026-03-27T14:20:00.000Z' };
    // 480 min: 120 on Friday 27 Mar, then Mon 30 Mar to Thu 2 Apr would be 4 × 480; here 360 more on Monday.
    expect(slaStateOf(answered, targets, berlin, at('2026-03-27T16:00:00.000Z'))).toMatchObject({
      target: 'resolution', due_at: '2026-03-30T13:00:00.000Z', left_minutes: 360, state: 'ok',
    });
    // Low: 2400 min = 5 working days from Mon 30 Mar 09:00 CEST; Good Friday (3 Apr) is closed, so the fifth
    // day ends on Mon 6 Apr at 17:00 CEST.
    const low: SlaTicket = { ...opened, priority_id: PRIORITY.low, date_created: '2026-03-30T07:00:00.000Z' };
    expect(slaStateOf(low, targets, berlin, at('2026-03-30T07:00:00.000Z'))).toMatchObject({
      target: 'resolution', due_at: '2026-04-06T15:00:00.000Z', left_minutes: 2400,
    });
  });

  test('stands still while the ticket waits on the client (Need More Info, Testing)', () => {
    // Friday: 30 min running, then Need More Info from 14:30Z until Monday 30 Mar 08:00Z (10:00 CEST).
    const waited: SlaTicket = {
      ...opened,
      status_id: STATUS.inProgress,
      changes: [
        { at: '2026-03-27T14:30:00.000Z', status_id: STATUS.needMoreInfo },
        { at: '2026-03-30T08:00:00.000Z', status_id: STATUS.inProgress },
      ],
    };
    expect(slaStateOf(waited, targets, berlin, at('2026-03-30T08:20:00.000Z'))).toMatchObject({
      target: 'first_response', due_at: '2026-03-30T08:30:00.000Z', left_minutes: 10, state: 'at-risk', paused: false,
    });
    // Still waiting on Monday: 30 min used; due 30 business minutes after now if it ran again.
    const stillWaiting = { ...waited, status_id: STATUS.needMoreInfo, changes: waited.changes.slice(0, 1) };
    expect(slaStateOf(stillWaiting, targets, berlin, at('2026-03-30T12:00:00.000Z'))).toMatchObject({
      due_at: '2026-03-30T12:30:00.000Z', left_minutes: 30, state: 'ok', paused: true,
    });
  });

  test('a reopened ticket goes on from where its clock stopped', () => {
    // Completed after 30 min on Friday, reopened on Monday at 09:00 CEST (07:00Z); 20 min later 50 min are used.
    const reopened: SlaTicket = {
      ...opened, status_id: STATUS.inProgress,
      changes: [{ at: '2026-03-27T14:30:00.000Z', status_id: STATUS.complete }, { at: '2026-03-30T07:00:00.000Z', status_id: STATUS.inProgress }],
    };
    expect(slaStateOf(reopened, targets, berlin, at('2026-03-30T07:20:00.000Z'))).toMatchObject({ left_minutes: 10, state: 'at-risk' });
  });

  test('nothing is due on a closed ticket or one without a promise', () => {
    expect(slaStateOf({ ...opened, status_id: STATUS.complete }, targets, berlin, at('2026-03-27T14:30:00.000Z'))).toBeNull();
    expect(slaStateOf({ ...opened, priority_id: PRIORITY.medium }, targets, berlin, at('2026-03-27T14:30:00.000Z'))).toBeNull();
    expect(slaStateOf(opened, [], berlin, at('2026-03-27T14:30:00.000Z'))).toBeNull();
  });
});

describe('slaTicketOf', () => {
  const line = (date_created: string, from: number, to: number): SlaNote => ({
    date_created, note: statusLineNote(from, to, DEFAULT_STATUSES)!, source: 'status', by_staff: true,
  });

  test('reads the status lines and the first public staff note; internal notes and the client\'s do not answer', () => {
    const notes: SlaNote[] = [
      { date_created: '2026-03-27T14:05:00.000Z', note: 'Help!', by_staff: false },
      line('2026-03-27T14:10:00.000Z', STATUS.backlog, STATUS.assigned),
      { date_created: '2026-03-27T14:15:00.000Z', note: 'Margin is thin', by_staff: true, internal: 1 },
      line('2026-03-27T14:20:00.000Z', STATUS.assigned, STATUS.needMoreInfo),
      { date_created: '2026-03-27T14:40:00.000Z', note: 'Looking into it', by_staff: true, internal: 0 },
    ];
    expect(slaTicketOf({ priority_id: 1, status_id: STATUS.needMoreInfo, date_created: '2026-03-27T14:00:00.000Z' }, notes.reverse(), DEFAULT_STATUSES)).toEqual({
      priority_id: 1, status_id: STATUS.needMoreInfo, date_created: '2026-03-27T14:00:00.000Z', initial_status_id: STATUS.backlog,
      changes: [{ at: '2026-03-27T14:10:00.000Z', status_id: STATUS.assigned }, { at: '2026-03-27T14:20:00.000Z', status_id: STATUS.needMoreInfo }],
      first_response_at: '2026-03-27T14:40:00.000Z',
    });
  });

  test('reads back every kind of status line', () => {
    for (const [from, to] of [[1, 2], [2, 7], [7, 5], [3, 6], [5, 3], [6, 1]] as const) {
      expect(statusMoveOf(statusLineNote(from, to, DEFAULT_STATUSES)!, DEFAULT_STATUSES)).toEqual({ from, to });
    }
    expect(statusMoveOf('Status changed: status 9 → Backlog.', DEFAULT_STATUSES)).toEqual({ from: 9, to: 1 });
    expect(statusMoveOf('Just a note', DEFAULT_STATUSES)).toBeNull();
  });
});
