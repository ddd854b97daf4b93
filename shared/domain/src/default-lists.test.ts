import { DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_GROUPS, DEFAULT_SERVICES } from './lookups';
import { defaultListLock, defaultListProblem, isDefaultListName } from './default-lists';

describe('default lists', () => {
  it('locks the ids the rules depend on and nothing else', () => {
    expect(defaultListLock('group-defaults', 1).locked).toBe(true);
    expect(defaultListLock('group-defaults', 5).locked).toBe(true);
    expect(defaultListLock('group-defaults', 3)).toEqual({ locked: false, code: null, reason: '' });
    expect(defaultListLock('type-defaults', 6)).toEqual({ locked: true, code: 'meeting', reason: 'Meetings are billed at the meeting rate.' });
    expect(defaultListLock('status-defaults', 5).locked).toBe(true);
    expect(defaultListLock('status-defaults', 6).locked).toBe(true);
    expect(defaultListLock('type-defaults', 6).locked).toBe(true);
    expect(defaultListLock('mode-defaults', 2).locked).toBe(false);
    expect(defaultListLock('service-defaults', 1).locked).toBe(false);
  });

  it('knows the six list names', () => {
    expect(isDefaultListName('priority-defaults')).toBe(true);
    expect(isDefaultListName('rates')).toBe(false);
  });

  it('accepts a renamed, added or unused removed item', () => {
    const next = [...DEFAULT_PRIORITIES.slice(0, 3), { id: 9, name: 'Someday', color: 'blue' }];
    expect(defaultListProblem('priority-defaults', DEFAULT_PRIORITIES, next, { 1: 2 })).toBeNull();
    const renamed = DEFAULT_STATUSES.map((item) => (item.id === 1 ? { ...item, name: 'Inbox' } : item));
    expect(defaultListProblem('status-defaults', DEFAULT_STATUSES, renamed, {})).toBeNull();
  });

  it('refuses blank ids or names and duplicate ids', () => {
    expect(defaultListProblem('service-defaults', DEFAULT_SERVICES, [...DEFAULT_SERVICES, { id: 4, name: '  ' }], {}))
      .toBe('Every item needs an id and a name.');
    expect(defaultListProblem('service-defaults', DEFAULT_SERVICES, [...DEFAULT_SERVICES, { id: 0, name: 'X' }], {}))
      .toBe('Every item needs an id and a name.');
    expect(defaultListProblem('service-defaults', DEFAULT_SERVICES, [...DEFAULT_SERVICES, { id: 2, name: 'X' }], {}))
      .toBe('The id 2 is used twice.');
  });

  it('refuses to remove a used or locked id, saying how many use it', () => {
    const withoutHigh = DEFAULT_PRIORITIES.filter((item) => item.id !== 2);
    expect(defaultListProblem('priority-defaults', DEFAULT_PRIORITIES, withoutHigh, { 2: 3 })).toBe('Cannot delete "High": 3 tickets use it.');
    expect(defaultListProblem('group-defaults', DEFAULT_GROUPS, DEFAULT_GROUPS.filter((g) => g.id !== 3), { 3: 1 }))
      .toBe('Cannot delete "Agent": 1 contact uses it.');
    expect(defaultListProblem('group-defaults', DEFAULT_GROUPS, DEFAULT_GROUPS.filter((g) => g.id !== 1), {}))
      .toMatch(/^Cannot delete "Admin": /);
  });
});
