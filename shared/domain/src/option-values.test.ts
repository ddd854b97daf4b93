import { DEFAULT_LIST_NAMES } from './default-lists';
import { DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES } from './lookups';
import { DEFAULT_RATES } from './money';
import { DEFAULT_LIST_ITEMS, parseLookupList, parseRates } from './option-values';

describe('parseLookupList', () => {
  it('has the built-in list of every default list', () => {
    expect(Object.keys(DEFAULT_LIST_ITEMS).sort()).toEqual([...DEFAULT_LIST_NAMES].sort());
    expect(DEFAULT_LIST_ITEMS).toEqual({
      'group-defaults': DEFAULT_GROUPS,
      'mode-defaults': DEFAULT_MODES,
      'service-defaults': DEFAULT_SERVICES,
      'priority-defaults': DEFAULT_PRIORITIES,
      'type-defaults': DEFAULT_TYPES,
      'status-defaults': DEFAULT_STATUSES,
    });
  });

  it('reads a saved list, parsed or as JSON text, keeping priority colours', () => {
    const saved = [{ id: 1, name: 'Now', color: 'danger' }, { id: 9, name: 'Whenever' }];
    expect(parseLookupList('priority-defaults', saved)).toEqual(saved);
    expect(parseLookupList('priority-defaults', JSON.stringify(saved))).toEqual(saved);
  });

  it('drops fields a lookup item does not have', () => {
    expect(parseLookupList('status-defaults', [{ id: 8, name: 'Ready to Ship', extra: true }])).toEqual([{ id: 8, name: 'Ready to Ship' }]);
  });

  it('accepts any safe-integer id, as the saved-option check does', () => {
    expect(parseLookupList('type-defaults', [{ id: 0, name: 'Zero' }, { id: -2, name: 'Minus' }])).toEqual([
      { id: 0, name: 'Zero' }, { id: -2, name: 'Minus' },
    ]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['not JSON', 'not json'],
    ['an empty list', []],
    ['an empty list as text', '[]'],
    ['an object', { id: 1, name: 'Backlog' }],
    ['an item without a name', [{ id: 1, name: 'Backlog' }, { id: 2 }]],
    ['a text id', [{ id: '1', name: 'Backlog' }]],
    ['a fractional id', [{ id: 1.5, name: 'Backlog' }]],
    ['an id past the safe integers', [{ id: 2 ** 53, name: 'Backlog' }]],
    ['a null colour', [{ id: 1, name: 'Backlog', color: null }]],
    ['a null item', [null]],
  ])('gives the built-in list when the saved value is %s', (_label, value) => {
    expect(parseLookupList('status-defaults', value)).toBe(DEFAULT_STATUSES);
    expect(parseLookupList('group-defaults', value)).toBe(DEFAULT_GROUPS);
  });
});

describe('parseRates', () => {
  it('reads saved rates, parsed or as JSON text, without extra fields', () => {
    expect(parseRates({ unitPriceUsd: 12.5, meetingHourlyUsd: 0, note: 'x' })).toEqual({ unitPriceUsd: 12.5, meetingHourlyUsd: 0 });
    expect(parseRates('{"unitPriceUsd":8,"meetingHourlyUsd":40}')).toEqual({ unitPriceUsd: 8, meetingHourlyUsd: 40 });
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{'],
    ['a list', []],
    ['missing a rate', { unitPriceUsd: 8 }],
    ['a negative rate', { unitPriceUsd: -1, meetingHourlyUsd: 40 }],
    ['a text rate', { unitPriceUsd: '8', meetingHourlyUsd: 40 }],
    ['an endless rate', { unitPriceUsd: Infinity, meetingHourlyUsd: 40 }],
  ])('gives the agreement defaults when the saved value is %s', (_label, value) => {
    expect(parseRates(value)).toEqual(DEFAULT_RATES);
  });

  it('never hands out the shared defaults object', () => {
    const rates = parseRates(undefined);
    rates.unitPriceUsd = 99;
    expect(DEFAULT_RATES.unitPriceUsd).toBe(10);
  });
});
