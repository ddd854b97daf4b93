import { MINUTE_OPTIONS, TIME_ENTRY_HOUR_OPTIONS, TIME_ENTRY_MAX_UNITS, timeEntryUnits, validateTimeEntry } from './time-entry';

const INVALID = 'Invalid input. Make sure your description is proper and you have time set.';

describe('time entry form', () => {
  it('offers hours 0 to 12 and minutes 0 to 54 in steps of 6', () => {
    expect(TIME_ENTRY_HOUR_OPTIONS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(MINUTE_OPTIONS).toEqual([0, 6, 12, 18, 24, 30, 36, 42, 48, 54]);
    expect(TIME_ENTRY_MAX_UNITS).toBe(129);
  });

  it('turns the form choices into units', () => {
    expect(timeEntryUnits(1, 30)).toBe(15);
    expect(timeEntryUnits(0, 6)).toBe(1);
    expect(timeEntryUnits(12, 54)).toBe(129);
    expect(timeEntryUnits(13, 0)).toBeNull();
    expect(timeEntryUnits(-1, 0)).toBeNull();
    expect(timeEntryUnits(1, 7)).toBeNull();
    expect(timeEntryUnits(1, 60)).toBeNull();
  });
});

describe('validateTimeEntry', () => {
  it('accepts contact, time and description, as numbers or strings', () => {
    expect(validateTimeEntry({ contact_id: '3', time: '15', description: ' Fixed it ' })).toEqual({
      ok: true, value: { contact_id: 3, time: 15, description: 'Fixed it' },
    });
  });

  it.each([
    ['no contact', { time: 5, description: 'x' }],
    ["'null' contact", { contact_id: 'null', time: 5, description: 'x' }],
    ['no time', { contact_id: 3, description: 'x' }],
    ['zero time', { contact_id: 3, time: 0, description: 'x' }],
    ['negative time', { contact_id: 3, time: -2, description: 'x' }],
    ['blank description', { contact_id: 3, time: 5, description: '   ' }],
    ['no description', { contact_id: 3, time: 5 }],
  ])('refuses %s with the documented message', (_name, input) => {
    expect(validateTimeEntry(input)).toEqual({ ok: false, message: INVALID });
  });

  it('refuses more than one entry can hold, or a fraction of a unit', () => {
    expect(validateTimeEntry({ contact_id: 3, time: 130, description: 'x' })).toEqual({ ok: false, message: 'Input out of range.' });
    expect(validateTimeEntry({ contact_id: 3, time: 1.5, description: 'x' })).toEqual({ ok: false, message: 'Input out of range.' });
  });
});
