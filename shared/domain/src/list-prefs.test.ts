import { compareTickets, DEFAULT_LIST_PREFS, filterableStatuses, matchesStatusFilters, parseListPrefs } from './list-prefs';
import { DEFAULT_STATUSES } from './lookups';

describe('list preferences', () => {
  it('defaults to priorityId DESC, only Assigned, Maintenance Only on', () => {
    expect(DEFAULT_LIST_PREFS).toEqual({ sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true });
  });

  it('never offers Complete or Cancelled as filters', () => {
    expect(filterableStatuses(DEFAULT_STATUSES).map((s) => s.id)).toEqual([1, 2, 3, 4, 7, 8]);
  });

  it('reads saved preferences and falls back part by part', () => {
    expect(parseListPrefs('{"sortBy":"dateDue","direction":"ASC","statusFilters":[1,5,7],"maintenanceOnly":false}')).toEqual({
      sortBy: 'dateDue', direction: 'ASC', statusFilters: [1, 7], maintenanceOnly: false,
    });
    expect(parseListPrefs({ sortBy: 'nope', direction: 'up' })).toEqual(DEFAULT_LIST_PREFS);
    expect(parseListPrefs('not json')).toEqual(DEFAULT_LIST_PREFS);
    expect(parseListPrefs(undefined)).toEqual(DEFAULT_LIST_PREFS);
  });

  it('matches tickets against the status filters', () => {
    expect(matchesStatusFilters(2, DEFAULT_LIST_PREFS)).toBe(true);
    expect(matchesStatusFilters(3, DEFAULT_LIST_PREFS)).toBe(false);
  });
});

describe('compareTickets', () => {
  it('lists the most urgent first by default (priority, DESC)', () => {
    const urgentFirst = [{ priority: 4 }, { priority: 1 }, { priority: 2 }]
      .map((t, i) => ({ ticket_id: i + 1, priority_id: t.priority, date_created: '2026-01-01T00:00:00Z', date_due: null, company_name: 'a' }))
      .sort(compareTickets(DEFAULT_LIST_PREFS))
      .map((t) => t.priority_id);
    expect(urgentFirst).toEqual([1, 2, 4]);
  });

  const tickets = [
    { ticket_id: 1, priority_id: 2, date_created: '2026-01-02T00:00:00Z', date_due: null, company_name: 'beta' },
    { ticket_id: 2, priority_id: 1, date_created: '2026-01-03T00:00:00Z', date_due: '2026-02-01T00:00:00Z', company_name: 'Acme' },
    { ticket_id: 3, priority_id: 4, date_created: '2026-01-01T00:00:00Z', date_due: '2026-01-15T00:00:00Z', company_name: 'Zeta' },
    { ticket_id: 4, priority_id: 2, date_created: '2026-01-04T00:00:00Z', date_due: null, company_name: 'acme' },
  ];
  const order = (sortBy: 'priorityId' | 'dateCreated' | 'dateDue' | 'company', direction: 'ASC' | 'DESC') =>
    [...tickets].sort(compareTickets({ sortBy, direction })).map((t) => t.ticket_id);

  it('sorts by each field in both directions, ties by ticket id', () => {
    expect(order('priorityId', 'DESC')).toEqual([2, 1, 4, 3]);
    expect(order('priorityId', 'ASC')).toEqual([3, 1, 4, 2]);
    expect(order('dateCreated', 'DESC')).toEqual([4, 2, 1, 3]);
    expect(order('company', 'ASC')).toEqual([2, 4, 1, 3]);
  });

  it('puts tickets without a due date last in both directions', () => {
    expect(order('dateDue', 'ASC')).toEqual([3, 2, 1, 4]);
    expect(order('dateDue', 'DESC')).toEqual([2, 3, 1, 4]);
  });
});
