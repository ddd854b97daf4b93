import { isAdmin, isStaff } from '../groups';
import { MESSAGES } from '../messages';
import { SLA_TARGET_MAX_MINUTES, type PriorityTarget, type SlaLevel, type SlaState } from './sla-clock';

// Who reads and sets response-time promises, and how a ticket's clock reads (docs/product/response-times.md).

interface Reader {
  groupId: number;
}

/** Business hours, holidays and targets (the defaults and a company's own) are set by admins only. */
export function canManageSla(reader: Reader): boolean {
  return isAdmin(reader.groupId);
}

/** A ticket's clock is the support team's: clients never receive it. */
export function canSeeSla(reader: Reader): boolean {
  return isStaff(reader.groupId);
}

const isTargetMinutes = (minutes: number | null) => minutes === null || (Number.isInteger(minutes) && minutes >= 1 && minutes <= SLA_TARGET_MAX_MINUTES);

/** What is wrong with a list of targets (a catalogue text): a priority twice or not in `priorityIds`, minutes out of range. */
export function targetsProblem(targets: readonly PriorityTarget[], priorityIds: readonly number[]): string | null {
  const seen = new Set<number>();
  for (const target of targets) {
    if (seen.has(target.priority_id) || !priorityIds.includes(target.priority_id)) return MESSAGES.slaTargetInvalid;
    seen.add(target.priority_id);
    if (!isTargetMinutes(target.first_response_minutes) || !isTargetMinutes(target.resolution_minutes)) return MESSAGES.slaTargetInvalid;
  }
  return null;
}

const TARGET_LABELS: Readonly<Record<SlaState['target'], string>> = { first_response: 'First response', resolution: 'Resolution' };

/** Business minutes as people read them: '45 min', '2 h', '2 h 15 min'. */
export function businessDurationText(minutes: number): string {
  const whole = Math.max(0, Math.round(Math.abs(minutes)));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The badge's words (never colour alone): 'First response due in 2 h', 'Resolution at risk: 30 min left', '… overdue by 1 h'. */
export function slaBadgeText(sla: Pick<SlaState, 'target' | 'left_minutes' | 'state' | 'paused'>): string {
  const label = TARGET_LABELS[sla.target];
  const time = businessDurationText(sla.left_minutes);
  const text = sla.state === 'breached' ? `${label} overdue by ${time}`
    : sla.state === 'at-risk' ? `${label} at risk: ${time} left`
      : `${label} due in ${time}`;
  return sla.paused ? `${text} (paused: waiting on the client)` : text;
}

const LEVELS: readonly SlaLevel[] = ['ok', 'at-risk', 'breached'];

/**
 * The badge at `now` for a clock read a little earlier (an answer kept or polled): the answer's own words, unless the
 * instants it carries say the ticket has since turned amber or red (never back), which then shows without minutes.
 */
export function slaBadgeAt(sla: Pick<SlaState, 'target' | 'left_minutes' | 'state' | 'paused' | 'due_at' | 'at_risk_at'>, now: Date): { state: SlaLevel; text: string } {
  const time = now.getTime();
  const reached: SlaLevel = sla.paused ? 'ok' : time >= Date.parse(sla.due_at) ? 'breached' : time >= Date.parse(sla.at_risk_at) ? 'at-risk' : 'ok';
  if (LEVELS.indexOf(reached) <= LEVELS.indexOf(sla.state)) return { state: sla.state, text: slaBadgeText(sla) };
  const label = TARGET_LABELS[sla.target];
  return { state: reached, text: reached === 'breached' ? `${label} overdue` : `${label} at risk` };
}

/**
 * When a clock read at some instant next reads another level by time alone (no write): the instant it turns at risk,
 * or breached; null when time alone changes nothing (breached already, or paused: only a change of status starts it
 * again). An answer that carries the clock is kept in memory until then at most (docs/architecture.md#answers-from-memory).
 */
export function nextSlaChangeAt(sla: Pick<SlaState, 'state' | 'paused' | 'due_at' | 'at_risk_at'>): Date | null {
  if (sla.paused || sla.state === 'breached') return null;
  return new Date(Date.parse(sla.state === 'ok' ? sla.at_risk_at : sla.due_at));
}

/** The earliest `nextSlaChangeAt` of the clocks of a list (null entries have none); null when none changes by time. */
export function firstSlaChangeAt(clocks: readonly (Pick<SlaState, 'state' | 'paused' | 'due_at' | 'at_risk_at'> | null | undefined)[]): Date | null {
  let first: number | null = null;
  for (const sla of clocks) {
    const at = sla ? nextSlaChangeAt(sla)?.getTime() : undefined;
    if (at !== undefined && (first === null || at < first)) first = at;
  }
  return first === null ? null : new Date(first);
}
