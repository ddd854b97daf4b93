import { MESSAGES } from './messages';
import {
  MINUTE_OPTIONS, TIME_ENTRY_HOUR_OPTIONS, TIME_ENTRY_MAX_UNITS, canCorrectTimeEntry, canEditTimeEntry, correctionWithinEntry, editedEntryDate,
  freezingInvoice, localDay, monthsBackOf, timeCorrectionCheck, timeEntryChangeCheck, timeEntryUnits, validateTimeEntry, validateTimeEntryEdit,
} from './time-entry';

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

describe('correcting logged time', () => {
  const agent = { contactId: 8, groupId: 2, companyIds: [], primaryCompanyIds: [] };
  const otherAgent = { contactId: 9, groupId: 2, companyIds: [], primaryCompanyIds: [] };
  const admin = { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] };
  const client = { contactId: 31, groupId: 5, companyIds: [4], primaryCompanyIds: [4] };
  const open = { contact_id: 8, invoice: null };
  const frozen = { contact_id: 8, invoice: 'INV-202610-0004' };
  const october = { company_id: 4, number: 'INV-202610-0004', period_from: '2026-10-01T04:00:00.000Z', period_to: '2026-11-01T04:00:00.000Z' };

  it('finds the issued invoice whose month holds an entry of the same company', () => {
    expect(freezingInvoice({ company_id: 4, date: '2026-10-14T15:00:00.000Z' }, [october])).toBe(october);
    expect(freezingInvoice({ company_id: 4, date: '2026-11-01T03:59:59.000Z' }, [october])).toBe(october);
    expect(freezingInvoice({ company_id: 4, date: '2026-11-01T04:00:00.000Z' }, [october])).toBeNull();
    expect(freezingInvoice({ company_id: 5, date: '2026-10-14T15:00:00.000Z' }, [october])).toBeNull();
    expect(freezingInvoice({ company_id: null, date: '2026-10-14T15:00:00.000Z' }, [october])).toBeNull();
  });

  it('lets the worker and admins edit an open entry, nobody else', () => {
    expect(timeEntryChangeCheck(agent, open)).toEqual({ ok: true });
    expect(canEditTimeEntry(admin, open)).toBe(true);
    expect(timeEntryChangeCheck(otherAgent, open)).toEqual({ ok: false, status: 403, message: MESSAGES.notAuthorized });
    expect(canEditTimeEntry(client, { contact_id: 31, invoice: null })).toBe(false);
  });

  it('refuses any change in a frozen month with a 409 that says to log a correction', () => {
    const check = timeEntryChangeCheck(admin, frozen);
    expect(check).toEqual({ ok: false, status: 409, message: MESSAGES.timeEntryFrozen });
    expect(MESSAGES.timeEntryFrozen).toMatch(/Log a correction this month/);
    expect(canEditTimeEntry(agent, frozen)).toBe(false);
  });

  it('takes corrections only for frozen entries of the worker or an admin', () => {
    expect(canCorrectTimeEntry(agent, frozen)).toBe(true);
    expect(canCorrectTimeEntry(admin, frozen)).toBe(true);
    expect(timeCorrectionCheck(otherAgent, frozen)).toMatchObject({ ok: false, status: 403 });
    expect(timeCorrectionCheck(agent, open)).toEqual({ ok: false, status: 400, message: MESSAGES.timeEntryNotFrozen });
  });

  it('validates an edit: units, description and a day not ahead', () => {
    const options = { correction: false, today: '2026-11-20' };
    expect(validateTimeEntryEdit({ time: 15, description: ' Fixed ', date: '2026-11-19' }, options)).toEqual({
      ok: true, value: { time: 15, description: 'Fixed', day: { year: 2026, month: 11, day: 19 } },
    });
    expect(validateTimeEntryEdit({}, options)).toEqual({ ok: true, value: {} });
    expect(validateTimeEntryEdit({ time: 0 }, options)).toEqual({ ok: false, message: INVALID });
    expect(validateTimeEntryEdit({ time: -3 }, options)).toEqual({ ok: false, message: INVALID });
    expect(validateTimeEntryEdit({ time: 130 }, options)).toEqual({ ok: false, message: 'Input out of range.' });
    expect(validateTimeEntryEdit({ time: 1.5 }, options)).toEqual({ ok: false, message: 'Input out of range.' });
    expect(validateTimeEntryEdit({ description: '  ' }, options)).toEqual({ ok: false, message: INVALID });
    expect(validateTimeEntryEdit({ date: '2026-11-21' }, options)).toEqual({ ok: false, message: MESSAGES.timeEntryDateInvalid });
    expect(validateTimeEntryEdit({ date: '2026-02-30' }, options)).toEqual({ ok: false, message: MESSAGES.timeEntryDateInvalid });
    expect(validateTimeEntryEdit({ date: 'yesterday' }, options)).toEqual({ ok: false, message: MESSAGES.timeEntryDateInvalid });
  });

  it('lets a correction take time off, never zero', () => {
    const options = { correction: true, today: '2026-11-20' };
    expect(validateTimeEntryEdit({ time: -5, description: 'Billed twice' }, options)).toEqual({ ok: true, value: { time: -5, description: 'Billed twice' } });
    expect(validateTimeEntryEdit({ time: 0 }, options)).toEqual({ ok: false, message: INVALID });
    expect(validateTimeEntryEdit({ time: -130 }, options)).toEqual({ ok: false, message: 'Input out of range.' });
  });

  it('keeps an entry and its corrections at zero or more', () => {
    expect(correctionWithinEntry(10, [], -10)).toBe(true);
    expect(correctionWithinEntry(10, [-4], -7)).toBe(false);
    expect(correctionWithinEntry(10, [-4, 2], -8)).toBe(true);
    expect(correctionWithinEntry(10, [], 5)).toBe(true);
  });

  it('dates an edited entry at noon of the new day, or keeps its instant on the same day', () => {
    const now = new Date('2026-11-20T15:00:00.000Z');
    const current = '2026-11-19T22:30:00.000Z';
    expect(editedEntryDate(current, { year: 2026, month: 11, day: 19 }, 'UTC', now)).toBe(current);
    expect(editedEntryDate(current, { year: 2026, month: 11, day: 19 }, 'America/New_York', now)).toBe(current);
    expect(editedEntryDate('2026-11-20T02:00:00.000Z', { year: 2026, month: 11, day: 18 }, 'America/New_York', now)).toBe('2026-11-18T17:00:00.000Z');
    expect(editedEntryDate(current, { year: 2026, month: 11, day: 21 }, 'Asia/Tokyo', now)).toBe('2026-11-20T15:00:00.000Z');
    expect(editedEntryDate(current, { year: 2026, month: 11, day: 3 }, 'UTC', now)).toBe('2026-11-03T12:00:00.000Z');
    expect(editedEntryDate('2026-11-12T10:00:00.000Z', { year: 2026, month: 11, day: 20 }, 'UTC', new Date('2026-11-20T09:00:00.000Z')))
      .toBe('2026-11-20T09:00:00.000Z');
    expect(localDay(new Date('2026-11-20T03:00:00.000Z'), 'America/New_York')).toBe('2026-11-19');
  });

  it('names the months back a change touches, on any clock', () => {
    const now = new Date('2026-11-20T12:00:00.000Z');
    expect(monthsBackOf(['2026-11-19T12:00:00.000Z'], now)).toEqual([0]);
    expect(monthsBackOf(['2026-10-14T12:00:00.000Z', '2026-11-19T12:00:00.000Z'], now)).toEqual([0, 1]);
    expect(monthsBackOf(['2026-10-01T02:00:00.000Z'], now)).toEqual([1, 2]);
    expect(monthsBackOf(['not a date'], now)).toEqual([]);
  });
});
