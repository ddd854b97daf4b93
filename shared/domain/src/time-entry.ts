import { isValidTimeZone, zonedDateAt } from './dates';
import { isMissingValue } from './ticket-creation';
import { MESSAGES } from './messages';
import { canChangeTimeEntry, type Viewer } from './policy';
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

// --- Correcting logged time (docs/product/time-and-billing.md#correcting-time) ----------------

/** An issued invoice as it freezes time: the company and the instants of its month [from, to). */
export interface InvoicedPeriod {
  company_id: number;
  number: string;
  period_from: string;
  period_to: string;
}

/** The issued invoice whose month holds `date` for the company, or null. */
export function freezingInvoice(
  entry: { company_id: number | null; date: string },
  invoices: readonly InvoicedPeriod[],
): InvoicedPeriod | null {
  if (entry.company_id === null) return null;
  const at = Date.parse(entry.date);
  if (Number.isNaN(at)) return null;
  return invoices.find((invoice) =>
    invoice.company_id === entry.company_id && at >= Date.parse(invoice.period_from) && at < Date.parse(invoice.period_to)) ?? null;
}

/** What the rules read of an entry: the worker it was logged for and the issued invoice whose month holds it (null: not frozen). */
export interface ChangeableTimeEntry {
  contact_id: number | null;
  invoice: string | null;
}

export type TimeEntryCheck = { ok: true } | { ok: false; status: 403 | 409 | 400; message: string };

/**
 * Editing or deleting an entry: the worker it was logged for or an admin (else 403), and only while
 * no issued invoice covers its month (else 409: log a correction this month instead).
 */
export function timeEntryChangeCheck(viewer: Viewer, entry: ChangeableTimeEntry): TimeEntryCheck {
  if (!canChangeTimeEntry(viewer, entry)) return { ok: false, status: 403, message: MESSAGES.notAuthorized };
  if (entry.invoice !== null) return { ok: false, status: 409, message: MESSAGES.timeEntryFrozen };
  return { ok: true };
}

/** The screens show Edit and Delete exactly when the API would accept them. */
export function canEditTimeEntry(viewer: Viewer, entry: ChangeableTimeEntry): boolean {
  return timeEntryChangeCheck(viewer, entry).ok;
}

/** A correction is logged for an entry in a frozen month, by whoever may change the entry; an entry still open is edited instead (400). */
export function timeCorrectionCheck(viewer: Viewer, entry: ChangeableTimeEntry): TimeEntryCheck {
  if (!canChangeTimeEntry(viewer, entry)) return { ok: false, status: 403, message: MESSAGES.notAuthorized };
  if (entry.invoice === null) return { ok: false, status: 400, message: MESSAGES.timeEntryNotFrozen };
  return { ok: true };
}

export function canCorrectTimeEntry(viewer: Viewer, entry: ChangeableTimeEntry): boolean {
  return timeCorrectionCheck(viewer, entry).ok;
}

/** The fields an edit may change; absent ones stay as they are. */
export interface TimeEntryEdit {
  time?: number;
  description?: string;
  /** The day 'YYYY-MM-DD' on the caller's clock. */
  day?: { year: number; month: number; day: number };
}

export type TimeEntryEditValidation = { ok: true; value: TimeEntryEdit } | { ok: false; message: string };

/**
 * The units of an entry (1 to 12:54) or of a correction (as much either way, never 0; a negative
 * correction takes time off), a description that is not blank, and a day that is a real calendar
 * day (`today` and earlier, both 'YYYY-MM-DD').
 */
export function validateTimeEntryEdit(
  input: Readonly<Record<string, unknown>>,
  options: { correction: boolean; today: string },
): TimeEntryEditValidation {
  const value: TimeEntryEdit = {};
  if (input.time !== undefined) {
    const time = toNumber(input.time);
    if (Number.isNaN(time) || time === 0 || (!options.correction && time < 0)) return { ok: false, message: MESSAGES.invalidTimeEntry };
    if (!Number.isInteger(time) || Math.abs(time) > TIME_ENTRY_MAX_UNITS) return { ok: false, message: MESSAGES.inputOutOfRange };
    value.time = time;
  }
  if (input.description !== undefined) {
    const description = typeof input.description === 'string' ? input.description.trim() : '';
    if (description === '') return { ok: false, message: MESSAGES.invalidTimeEntry };
    value.description = description;
  }
  if (input.date !== undefined) {
    const text = typeof input.date === 'string' ? input.date.trim() : '';
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const day = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
    const real = day && new Date(Date.UTC(day.year, day.month - 1, day.day)).toISOString().slice(0, 10) === text;
    if (!day || !real || text > options.today) return { ok: false, message: MESSAGES.timeEntryDateInvalid };
    value.day = day;
  }
  return { ok: true, value };
}

/**
 * A correction may take off at most what the entry still counts: the entry's units plus the
 * corrections already logged for it, plus this one, stay at 0 or more.
 */
export function correctionWithinEntry(entryUnits: number, otherCorrections: readonly number[], units: number): boolean {
  return entryUnits + otherCorrections.reduce((sum, u) => sum + u, 0) + units >= 0;
}

/** 'YYYY-MM-DD' of `date` on the clock of `timeZone`. */
export function localDay(date: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * The instant an edited entry is dated: unchanged when the day is the one it had, else noon of the
 * new day on the caller's clock (now, when that is still ahead).
 */
export function editedEntryDate(current: string, day: { year: number; month: number; day: number }, timeZone: string, now: Date): string {
  const wanted = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
  if (localDay(new Date(current), timeZone) === wanted) return current;
  const noon = zonedDateAt(day.year, day.month, day.day, 12, 0, timeZone);
  return (noon > now ? now : noon).toISOString();
}

const HALF_DAY_MS = 14 * 60 * 60 * 1000;

/**
 * The months back from `now` (0 = this month) that `dates` may fall in on any clock: the admin
 * invoices screen's and payroll's months a change of those entries makes stale.
 */
export function monthsBackOf(dates: readonly string[], now: Date): number[] {
  const index = (at: number) => {
    const date = new Date(at);
    return date.getUTCFullYear() * 12 + date.getUTCMonth();
  };
  const nows = [index(now.getTime() - HALF_DAY_MS), index(now.getTime() + HALF_DAY_MS)];
  const offsets = new Set<number>();
  for (const text of dates) {
    const at = Date.parse(text);
    if (Number.isNaN(at)) continue;
    for (const month of [index(at - HALF_DAY_MS), index(at + HALF_DAY_MS)]) {
      for (const current of nows) if (current - month >= 0) offsets.add(current - month);
    }
  }
  return [...offsets].sort((a, b) => a - b);
}
