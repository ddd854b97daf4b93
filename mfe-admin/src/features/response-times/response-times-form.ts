import { companySlaTargetsSave, slaSettingsSave, type PriorityTargetInput, type SlaSettings, type SlaSettingsSave } from '@portal/contract';
import { MESSAGES, businessHoursProblem, targetsProblem, type LookupItem, type Weekday } from '@portal/domain';

// The Response times form (docs/product/response-times.md) as plain values: what the stored settings show as, and
// the body a save sends, checked by the same rules the API applies.

/** A weekday's row; the screen names the day in the reader's language. */
export interface DayRow {
  day: Weekday;
  working: boolean;
  open: string;
  close: string;
}

/** Minutes as typed; empty: no target of that kind. */
export interface TargetRow {
  priority_id: number;
  name: string;
  first_response: string;
  resolution: string;
}

export interface ResponseTimesForm {
  time_zone: string;
  days: DayRow[];
  /** One date per line. */
  holidays: string;
  targets: TargetRow[];
}

const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
const minutesText = (minutes: number | null | undefined) => (minutes === null || minutes === undefined ? '' : String(minutes));

export function formOf(settings: SlaSettings, priorities: readonly LookupItem[]): ResponseTimesForm {
  return {
    time_zone: settings.time_zone,
    days: WEEKDAYS.map((day) => {
      const hours = settings.days.find((d) => d.day === day);
      return { day, working: hours !== undefined, open: hours?.open ?? '09:00', close: hours?.close ?? '17:00' };
    }),
    holidays: settings.holidays.join('\n'),
    targets: targetRowsOf(settings.targets, priorities),
  };
}

/** One row per priority, with its target's minutes as text (empty: none). */
export function targetRowsOf(targets: readonly PriorityTargetInput[], priorities: readonly LookupItem[]): TargetRow[] {
  return priorities.map((priority) => {
    const target = targets.find((t) => t.priority_id === priority.id);
    return {
      priority_id: priority.id, name: priority.name,
      first_response: minutesText(target?.first_response_minutes), resolution: minutesText(target?.resolution_minutes),
    };
  });
}

const minutesOf = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0);

/** The targets the rows hold: a row with neither minutes is no target. */
function targetsOf(rows: readonly TargetRow[]): PriorityTargetInput[] {
  return rows
    .filter((t) => t.first_response.trim() !== '' || t.resolution.trim() !== '')
    .map((t) => ({ priority_id: t.priority_id, first_response_minutes: minutesOf(t.first_response), resolution_minutes: minutesOf(t.resolution) }));
}

/** A company's own targets to save, or the catalogue text saying what to fix. */
export function companyTargetsOf(rows: readonly TargetRow[], priorities: readonly LookupItem[]): { targets: PriorityTargetInput[] } | { problem: string } {
  const parsed = companySlaTargetsSave.safeParse({ targets: targetsOf(rows) });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? MESSAGES.slaSettingsNotSaved };
  const problem = targetsProblem(parsed.data.targets ?? [], priorities.map((p) => p.id));
  return problem ? { problem } : { targets: targetsOf(rows) };
}

/** The body to save, or the catalogue text saying what to fix. */
export function saveBodyOf(form: ResponseTimesForm, priorities: readonly LookupItem[]): { body: SlaSettingsSave } | { problem: string } {
  const body = {
    time_zone: form.time_zone.trim(),
    days: form.days.filter((d) => d.working).map(({ day, open, close }) => ({ day, open, close })),
    holidays: form.holidays.split(/\s+/).filter((line) => line !== ''),
    targets: targetsOf(form.targets),
  };
  const parsed = slaSettingsSave.safeParse(body);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? MESSAGES.slaSettingsNotSaved };
  const problem = businessHoursProblem(parsed.data) ?? targetsProblem(parsed.data.targets, priorities.map((p) => p.id));
  return problem ? { problem } : { body };
}
