import { parseActivityCursor, type ActivityPosition } from '@portal/domain';

/**
 * The cursors of the API's keyset pages, written and read here only: a route passes on the text a
 * caller sent and answers the text a repository gives back, never taking one apart. The contract's
 * query schemas have checked a cursor's shape before it reaches a repository.
 */

/** Where a month's page of time entries ends: its last entry's (date, time_id). */
export interface TimeEntryPosition {
  date: string;
  timeId: number;
}

/** `2030-03-02T10:00:00.000Z_12`: the position of the entry `date`, `time_id`. */
export function timeEntryCursor(entry: { date: string; time_id: number }): string {
  return `${entry.date}_${entry.time_id}`;
}

export function parseTimeEntryCursor(text: string): TimeEntryPosition {
  const split = text.lastIndexOf('_');
  return { date: text.slice(0, split), timeId: Number(text.slice(split + 1)) };
}

/** An activity feed's cursor, as the ticket screen builds it (activityCursor in @portal/domain). */
export function activityPositionOf(text: string | undefined): ActivityPosition | undefined {
  return text === undefined ? undefined : parseActivityCursor(text) ?? undefined;
}

/** The cursor of the page after `rows`: the last row's when the page is full, null at the end. */
export function nextCursor<T>(rows: readonly T[], limit: number, cursorOf: (row: T) => string): string | null {
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  return last === undefined ? null : cursorOf(last);
}
