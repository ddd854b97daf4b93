import {
  averageHours, averageTimeToAssignment, averageTimeToCompletion, formatDurationHours, hoursBetween, timeToAssignmentHours,
  timeToCompletionHours,
} from './ticket-durations';

describe('ticket durations', () => {
  const ticket = { date_created: '2026-03-02T10:00:00.000Z', date_assigned: '2026-03-02T13:30:00.000Z', date_completed: '2026-03-05T10:00:00.000Z' };

  it('measures creation to assignment and to completion in hours', () => {
    expect(timeToAssignmentHours(ticket)).toBe(3.5);
    expect(timeToCompletionHours(ticket)).toBe(72);
  });

  it('is unknown without the end date and never negative', () => {
    expect(timeToAssignmentHours({ date_created: ticket.date_created, date_assigned: null })).toBeNull();
    expect(timeToCompletionHours({ date_created: ticket.date_created })).toBeNull();
    expect(hoursBetween('not a date', ticket.date_assigned)).toBeNull();
    expect(hoursBetween(ticket.date_assigned, ticket.date_created)).toBe(0);
  });

  it('averages only the known durations, to 0.1 h', () => {
    expect(averageHours([1, 2, null, 2])).toBe(1.7);
    expect(averageHours([null])).toBeNull();
    const other = { date_created: '2026-03-03T00:00:00.000Z', date_assigned: '2026-03-03T01:00:00.000Z', date_completed: null };
    expect(averageTimeToAssignment([ticket, other])).toBe(2.3);
    expect(averageTimeToCompletion([ticket, other])).toBe(72);
  });

  it('formats hours under two days, days above', () => {
    expect(formatDurationHours(3.45)).toBe('3.5 h');
    expect(formatDurationHours(72)).toBe('3 d');
    expect(formatDurationHours(null)).toBe('—');
  });
});
