import { isMissingValue } from './ticket-creation';
import { MESSAGES } from './messages';
import { hoursMinutesToUnits, UNIT_MINUTES } from './units';

export const TIME_ENTRY_MAX_HOURS = 12;
export const MINUTE_MAX = 54;

function range(from: number, to: number, step = 1): number[] {
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return values;
}

/** The minute choices of the time and estimate forms: 0 to 54 in steps of 6. */
export const MINUTE_OPTIONS: readonly number[] = range(0, MINUTE_MAX, UNIT_MINUTES);
export const TIME_ENTRY_HOUR_OPTIONS: readonly number[] = range(0, TIME_ENTRY_MAX_HOURS);

/** One entry is at most 12:54, the most the form can express. */
export const TIME_ENTRY_MAX_UNITS = hoursMinutesToUnits(TIME_ENTRY_MAX_HOURS, MINUTE_MAX);

export function isMinuteOption(minutes: number): boolean {
  return MINUTE_OPTIONS.includes(minutes);
}

/** Units for the form's hours and minutes, or null when they are outside the form's choices. */
export function timeEntryUnits(hours: number, minutes: number): number | null {
  if (!Number.isInteger(hours) || hours < 0 || hours > TIME_ENTRY_MAX_HOURS || !isMinuteOption(minutes)) return null;
  return hoursMinutesToUnits(hours, minutes);
}

export interface TimeEntryInput {
  contact_id: number;
  time: number;
  description: string;
}

export type TimeEntryValidation = { ok: true; value: TimeEntryInput } | { ok: false; message: string };

function toNumber(value: unknown): number {
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
}

/**
 * Contact, time and a non-empty description, else the red alert's message (docs/product/time-and-billing.md#logging-time).
 * More units than one form entry can hold, or a fraction of a unit, is 'Input out of range.'.
 */
export function validateTimeEntry(input: Readonly<Record<string, unknown>>): TimeEntryValidation {
  const contactId = toNumber(input.contact_id);
  const time = toNumber(input.time);
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (isMissingValue(input.contact_id) || !(contactId > 0) || !(time > 0) || description === '') {
    return { ok: false, message: MESSAGES.invalidTimeEntry };
  }
  if (!Number.isInteger(time) || time > TIME_ENTRY_MAX_UNITS || !Number.isInteger(contactId)) {
    return { ok: false, message: MESSAGES.inputOutOfRange };
  }
  return { ok: true, value: { contact_id: contactId, time, description } };
}
