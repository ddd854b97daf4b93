/** One time unit is 6 minutes, a tenth of an hour (docs/product/time-and-billing.md#time-units). */
export const UNIT_MINUTES = 6;
export const UNITS_PER_HOUR = 60 / UNIT_MINUTES;

export interface HoursMinutes {
  hours: number;
  minutes: number;
}

/** Hours * 60 / 6 + minutes / 6, rounded to a whole unit (docs/product/time-and-billing.md#time-units). */
export function hoursMinutesToUnits(hours: number, minutes: number): number {
  const units = Math.round((hours * 60) / UNIT_MINUTES + minutes / UNIT_MINUTES);
  return Object.is(units, -0) ? 0 : units;
}

/** Whole hours and the remaining minutes; a negative amount gives both parts non-positive. */
export function unitsToHoursMinutes(units: number): HoursMinutes {
  const sign = units < 0 ? -1 : 1;
  const totalMinutes = Math.round(Math.abs(units)) * UNIT_MINUTES;
  return { hours: sign * Math.floor(totalMinutes / 60) || 0, minutes: sign * (totalMinutes % 60) || 0 };
}

/** 'hh:mm', e.g. 25 units -> '02:30'; hours grow past two digits when needed. */
export function formatUnitsHhmm(units: number): string {
  const { hours, minutes } = unitsToHoursMinutes(Math.abs(units));
  const text = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  return units < 0 ? `-${text}` : text;
}

export function unitsToHours(units: number): number {
  return Math.round(units) / UNITS_PER_HOUR;
}

export function hoursToUnits(hours: number): number {
  return hoursMinutesToUnits(hours, 0);
}
