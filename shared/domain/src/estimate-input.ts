import { MINUTE_MAX, MINUTE_OPTIONS } from './time-entry';
import { hoursMinutesToUnits, unitsToHoursMinutes, type HoursMinutes } from './units';

export const ESTIMATE_MAX_HOURS = 8;
export const ESTIMATE_HOUR_OPTIONS: readonly number[] = Array.from({ length: ESTIMATE_MAX_HOURS + 1 }, (_, hour) => hour);
export const ESTIMATE_MINUTE_OPTIONS = MINUTE_OPTIONS;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Hours 0 to 8, minutes 0 to 54 on the 6-minute grid; a negative total is 0 (docs/product/tickets.md#estimates).
 * Out-of-range parts are pulled to the nearest allowed value.
 */
export function estimateUnitsFromInput(hours: number, minutes: number): number {
  const h = Number.isFinite(hours) ? Math.trunc(hours) : 0;
  const m = Number.isFinite(minutes) ? minutes : 0;
  if (hoursMinutesToUnits(h, m) <= 0) return 0;
  const snappedMinutes = clamp(Math.round(m / 6) * 6, 0, MINUTE_MAX);
  return hoursMinutesToUnits(clamp(h, 0, ESTIMATE_MAX_HOURS), snappedMinutes);
}

/** The hours and minutes the estimate inputs show for stored units. */
export function estimateInputFromUnits(units: number): HoursMinutes {
  return unitsToHoursMinutes(Math.max(0, units));
}
