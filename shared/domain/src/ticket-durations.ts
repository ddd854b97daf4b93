/**
 * 'Time to Assignment' (date_created -> date_assigned) and 'Time to Completion' (date_created ->
 * date_completed), measured from the real dates, never a fixed placeholder (docs/product/dashboards.md#staff-list-and-kanban). Hours.
 */
export interface DatedTicket {
  date_created: string;
  date_assigned?: string | null;
  date_completed?: string | null;
}

const MS_PER_HOUR = 60 * 60 * 1000;

/** Hours from one ISO instant to a later one; null when either is missing or unreadable. */
export function hoursBetween(fromIso: string | null | undefined, toIso: string | null | undefined): number | null {
  if (!fromIso || !toIso) return null;
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  // A clock skew or an edited date never makes a negative duration.
  return Math.max(0, to - from) / MS_PER_HOUR;
}

export function timeToAssignmentHours(ticket: DatedTicket): number | null {
  return hoursBetween(ticket.date_created, ticket.date_assigned);
}

export function timeToCompletionHours(ticket: DatedTicket): number | null {
  return hoursBetween(ticket.date_created, ticket.date_completed);
}

/** Mean of the known values rounded to 0.1 h, or null when none is known. */
export function averageHours(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return null;
  return roundHours(known.reduce((sum, value) => sum + value, 0) / known.length);
}

export function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

export function averageTimeToAssignment(tickets: readonly DatedTicket[]): number | null {
  return averageHours(tickets.map(timeToAssignmentHours));
}

export function averageTimeToCompletion(tickets: readonly DatedTicket[]): number | null {
  return averageHours(tickets.map(timeToCompletionHours));
}

/** '3.5 h' under two days, else '2.1 d'; an em dash when unknown. */
export function formatDurationHours(hours: number | null): string {
  if (hours === null) return '—';
  return hours < 48 ? `${roundHours(hours)} h` : `${roundHours(hours / 24)} d`;
}
