import { dueDateFromInput } from './due-date-input';

const now = new Date('2026-03-02T15:00:00Z');
const NY = 'America/New_York';

describe('dueDateFromInput', () => {
  it('stores a picked day at 16:00 in the zone', () => {
    expect(dueDateFromInput('2026-07-04', now, NY)).toEqual({ kind: 'set', date: new Date('2026-07-04T20:00:00.000Z') });
    expect(dueDateFromInput('2026-01-04', now, 'UTC')).toEqual({ kind: 'set', date: new Date('2026-01-04T16:00:00.000Z') });
  });

  it('takes the calendar day of a full timestamp in the zone', () => {
    expect(dueDateFromInput('2026-07-05T02:00:00Z', now, NY).date?.toISOString()).toBe('2026-07-04T20:00:00.000Z');
  });

  it('accepts the range ends 1900 and 2099', () => {
    expect(dueDateFromInput('1900-01-01', now, 'UTC').kind).toBe('set');
    expect(dueDateFromInput('2099-12-31', now, 'UTC').kind).toBe('set');
  });

  it.each([null, undefined, '', '  ', 'null'])('clears the due date for %p', (value) => {
    expect(dueDateFromInput(value, now, NY)).toEqual({ kind: 'cleared', date: null });
  });

  it.each(['1899-12-31', '2100-01-01', '2026-02-30', 'tomorrow', '07/04/2026', '2026-13-01'])(
    'defaults %p to 6 days ahead at 16:00',
    (value) => {
      expect(dueDateFromInput(value, now, NY)).toEqual({ kind: 'defaulted', date: new Date('2026-03-08T20:00:00.000Z') });
      expect(dueDateFromInput(value, now, 'UTC').date?.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    },
  );
});
