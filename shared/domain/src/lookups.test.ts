import {
  DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES,
  lookupColor, lookupName, MODE, PRIORITY, SERVICE, STATUS, toLookupColor, TYPE,
} from './lookups';

const pairs = (list: readonly { id: number; name: string }[]) => list.map(({ id, name }) => `${id} ${name}`);

describe('default lookup lists', () => {
  it('lists the default ticket statuses', () => {
    expect(pairs(DEFAULT_STATUSES)).toEqual([
      '1 Backlog', '2 Assigned', '3 In Progress', '4 Testing', '5 Complete', '6 Cancelled', '7 Need More Info', '8 Ready To Launch',
    ]);
    expect(STATUS).toMatchObject({ backlog: 1, assigned: 2, complete: 5, cancelled: 6, needMoreInfo: 7, readyToLaunch: 8 });
  });

  it('lists priorities with danger, warning, success and primary colours', () => {
    expect(DEFAULT_PRIORITIES.map((p) => [p.id, p.name, p.color])).toEqual([
      [1, 'Urgent', 'red'], [2, 'High', 'orange'], [3, 'Medium', 'green'], [4, 'Low', 'blue'],
    ]);
    expect(PRIORITY.urgent).toBe(1);
  });

  it('lists types (no id 5), modes, services and groups', () => {
    expect(pairs(DEFAULT_TYPES)).toEqual(['1 Question', '2 Content Update', '3 Incident/Bug', '4 New Development', '6 Meeting']);
    expect(TYPE.meeting).toBe(6);
    expect(pairs(DEFAULT_MODES)).toEqual(['1 Active', '2 Onboarding', '3 Inactive', '4 Closed']);
    expect(MODE).toEqual({ active: 1, onboarding: 2, inactive: 3, closed: 4 });
    expect(pairs(DEFAULT_SERVICES)).toEqual(['1 Maintenance', '2 Project', '3 Hosting']);
    expect(SERVICE.maintenance).toBe(1);
    expect(DEFAULT_GROUPS.map((g) => g.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('lookupName / lookupColor', () => {
  it('finds names by id, also from numeric strings', () => {
    expect(lookupName(DEFAULT_STATUSES, 3)).toBe('In Progress');
    expect(lookupName(DEFAULT_TYPES, '6' as unknown as number)).toBe('Meeting');
  });

  it('gives the fallback for unknown or missing ids', () => {
    expect(lookupName(DEFAULT_TYPES, 5)).toBe('');
    expect(lookupName(DEFAULT_TYPES, null, 'Unknown')).toBe('Unknown');
  });

  it('maps colours, including the danger/warning/success/primary names and unknown values', () => {
    expect(lookupColor(DEFAULT_PRIORITIES, 1)).toBe('red');
    expect(lookupColor(DEFAULT_PRIORITIES, 4)).toBe('blue');
    expect(lookupColor(DEFAULT_PRIORITIES, 99)).toBe('blue');
    expect(toLookupColor('danger')).toBe('red');
    expect(toLookupColor('Warning')).toBe('orange');
    expect(toLookupColor('success')).toBe('green');
    expect(toLookupColor('#ff00ff')).toBe('blue');
  });
});
