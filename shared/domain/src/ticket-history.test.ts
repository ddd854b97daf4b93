import { compareTickets, type ListPrefs, type SortableTicket } from './list-prefs';
import { DEFAULT_STATUSES, STATUS } from './lookups';
import {
  activityCursor, compareActivity, compareHistory, historyBadge, isHistoryTicket, isStatusLine, LIST_LIMIT_MAX, listProgress, nextListLimit,
  parseActivityCursor, staffListOrder, statusLineNote, statusLineParts, type ListOrderTerm,
} from './ticket-history';

describe('the history list', () => {
  test('holds completed and cancelled tickets, nothing open', () => {
    expect(isHistoryTicket(STATUS.complete)).toBe(true);
    expect(isHistoryTicket(STATUS.cancelled)).toBe(true);
    for (const open of [STATUS.backlog, STATUS.assigned, STATUS.inProgress, STATUS.testing, STATUS.needMoreInfo, STATUS.readyToLaunch]) {
      expect(isHistoryTicket(open)).toBe(false);
    }
  });

  test('a cancelled ticket carries its status name as a badge; a completed one none', () => {
    expect(historyBadge(STATUS.cancelled, DEFAULT_STATUSES)).toBe('Cancelled');
    expect(historyBadge(STATUS.cancelled, [])).toBe('Cancelled');
    expect(historyBadge(STATUS.complete, DEFAULT_STATUSES)).toBeNull();
  });

  test('is ordered newest closing first, the newer ticket first on the same instant', () => {
    const rows = [
      { ticket_id: 1, date_closed: '2026-10-01T10:00:00.000Z' },
      { ticket_id: 2, date_closed: '2026-10-03T10:00:00.000Z' },
      { ticket_id: 3, date_closed: '2026-10-01T10:00:00.000Z' },
    ];
    expect([...rows].sort(compareHistory).map((r) => r.ticket_id)).toEqual([2, 3, 1]);
  });

  test('"Show more" adds a page up to the maximum and says how much is shown', () => {
    expect(nextListLimit(20, 20)).toBe(40);
    expect(nextListLimit(LIST_LIMIT_MAX - 5, 20)).toBe(LIST_LIMIT_MAX);
    expect(listProgress(20, 57)).toEqual({ text: 'Showing 20 of 57', hasMore: true });
    expect(listProgress(60, 57)).toEqual({ text: 'Showing 57 of 57', hasMore: false });
    expect(listProgress(0, 0)).toEqual({ text: 'Showing 0 of 0', hasMore: false });
  });
});

describe('the staff list order on the server', () => {
  const tickets: SortableTicket[] = [
    { ticket_id: 1, priority_id: 3, date_created: '2026-01-02T00:00:00.000Z', date_due: null, company_name: 'beta' },
    { ticket_id: 2, priority_id: 1, date_created: '2026-01-01T00:00:00.000Z', date_due: '2026-03-01T00:00:00.000Z', company_name: 'Alpha' },
    { ticket_id: 3, priority_id: 1, date_created: '2026-01-03T00:00:00.000Z', date_due: '2026-02-01T00:00:00.000Z', company_name: 'gamma' },
    { ticket_id: 4, priority_id: 4, date_created: '2026-01-04T00:00:00.000Z', date_due: null, company_name: 'Alpha' },
  ];

  /** What the repository does with the terms: the sorted column, nulls last when asked, then the ticket number. */
  function orderBy(terms: ListOrderTerm[]) {
    return [...tickets].sort((a, b) => {
      for (const term of terms) {
        const value = (t: SortableTicket) => (term.column === 'company_name' ? t.company_name.toLowerCase() : t[term.column]);
        const [x, y] = [value(a), value(b)];
        if (x === y) continue;
        if (x === null || y === null) return x === null ? 1 : -1;
        return (x < y ? -1 : 1) * (term.direction === 'asc' ? 1 : -1);
      }
      return a.ticket_id - b.ticket_id;
    }).map((t) => t.ticket_id);
  }

  test.each([
    ['priorityId', 'DESC'], ['priorityId', 'ASC'], ['dateCreated', 'DESC'], ['dateCreated', 'ASC'],
    ['dateDue', 'DESC'], ['dateDue', 'ASC'], ['company', 'DESC'], ['company', 'ASC'],
  ] as [ListPrefs['sortBy'], ListPrefs['direction']][])('%s %s gives the order a loaded list is sorted in', (sortBy, direction) => {
    const prefs = { sortBy, direction };
    expect(orderBy(staffListOrder(prefs))).toEqual([...tickets].sort(compareTickets(prefs)).map((t) => t.ticket_id));
  });

  test('priority DESC is the most urgent (smallest id) first', () => {
    expect(staffListOrder({ sortBy: 'priorityId', direction: 'DESC' })).toEqual([{ column: 'priority_id', direction: 'asc', nullsLast: false }]);
  });
});

describe('status lines', () => {
  test('say when a ticket is cancelled, completed or reopened, and name both statuses of any other move', () => {
    expect(statusLineNote(STATUS.inProgress, STATUS.cancelled, DEFAULT_STATUSES)).toBe('Ticket cancelled (was In Progress).');
    expect(statusLineNote(STATUS.testing, STATUS.complete, DEFAULT_STATUSES)).toBe('Ticket completed (was Testing).');
    expect(statusLineNote(STATUS.complete, STATUS.backlog, DEFAULT_STATUSES)).toBe('Ticket reopened: Complete → Backlog.');
    expect(statusLineNote(STATUS.cancelled, STATUS.assigned, DEFAULT_STATUSES)).toBe('Ticket reopened: Cancelled → Assigned.');
    expect(statusLineNote(STATUS.backlog, STATUS.assigned, DEFAULT_STATUSES)).toBe('Status changed: Backlog → Assigned.');
    expect(statusLineNote(STATUS.assigned, STATUS.assigned, DEFAULT_STATUSES)).toBeNull();
  });

  test('are read back into their parts, whatever the statuses are named; any other text is none', () => {
    const statuses = [...DEFAULT_STATUSES.filter((s) => s.id !== STATUS.testing), { id: STATUS.testing, name: 'QA (staging) → live' }];
    expect(statusLineParts(statusLineNote(STATUS.inProgress, STATUS.cancelled, DEFAULT_STATUSES)!)).toEqual({ kind: 'cancelled', from: 'In Progress', to: '' });
    expect(statusLineParts(statusLineNote(STATUS.testing, STATUS.complete, statuses)!)).toEqual({ kind: 'completed', from: 'QA (staging) → live', to: '' });
    expect(statusLineParts(statusLineNote(STATUS.complete, STATUS.backlog, DEFAULT_STATUSES)!)).toEqual({ kind: 'reopened', from: 'Complete', to: 'Backlog' });
    expect(statusLineParts(statusLineNote(STATUS.backlog, STATUS.assigned, DEFAULT_STATUSES)!)).toEqual({ kind: 'changed', from: 'Backlog', to: 'Assigned' });
    expect(statusLineParts('Moved it along.')).toBeNull();
  });

  test('are told from notes by their source', () => {
    expect(isStatusLine({ source: 'status' })).toBe(true);
    expect(isStatusLine({ source: 'mail' })).toBe(false);
    expect(isStatusLine({ source: null })).toBe(false);
  });
});

describe('activity cursors', () => {
  const note = { activity_id: 42, date_created: '2026-10-21T15:04:05.123Z' };

  test('round-trip the date and id of the last note shown', () => {
    expect(parseActivityCursor(activityCursor(note))).toEqual(note);
  });

  test('refuse anything else', () => {
    for (const bad of ['', '42', '2026-10-21_42', 'x_1', '2026-13-45T99:99:99.000Z_1', `${note.date_created}_`, `${note.date_created}_-1`]) {
      expect(parseActivityCursor(bad)).toBeNull();
    }
  });

  test('the feed is newest first, the later id first at the same instant', () => {
    const items = [
      { activity_id: 1, date_created: '2026-10-01T00:00:00.000Z' },
      { activity_id: 3, date_created: '2026-10-02T00:00:00.000Z' },
      { activity_id: 2, date_created: '2026-10-02T00:00:00.000Z' },
    ];
    expect([...items].sort(compareActivity).map((i) => i.activity_id)).toEqual([3, 2, 1]);
  });
});
