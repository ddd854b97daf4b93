import { DUE_HOUR, zonedDateAt } from './dates';
import { MAINTENANCE_FREQUENCY_TERMS, maintenanceEstimate, type MaintenanceFrequency, type MaintenancePrefs } from './maintenance';
import { PRIORITY, type LookupItem } from './lookups';
import { MESSAGES } from './messages';
import { formatYearMonth, monthPeriod, parseYearMonth, yearMonthOf, type YearMonth } from './periods';

/**
 * Scheduled maintenance (docs/product/maintenance.md): each maintenance client's plan opens one ticket per period
 * (a month, a quarter Jan–Mar, Apr–Jun…, or a half-year Jan–Jun, Jul–Dec), counted in the portal's time zone.
 */
export interface MaintenancePeriod {
  /** 'YYYY-MM': the period's first month (the run's key with the company). */
  start: string;
  /** 'YYYY-MM': its last month. */
  end: string;
  /** First instant (inclusive). */
  from: Date;
  /** First instant of the next period (exclusive): when the next run is due. */
  to: Date;
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const FREQUENCY_NAMES: Readonly<Record<MaintenanceFrequency, string>> = { monthly: 'Monthly', quarterly: 'Quarterly', semiannually: 'Semi-annual' };

function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + (month - 1);
}

function fromIndex(index: number): YearMonth {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function periodOf(first: YearMonth, frequency: MaintenanceFrequency, timeZone: string): MaintenancePeriod {
  const last = fromIndex(monthIndex(first) + MAINTENANCE_FREQUENCY_TERMS[frequency].months - 1);
  return { start: formatYearMonth(first), end: formatYearMonth(last), from: monthPeriod(first, timeZone).from, to: monthPeriod(last, timeZone).to };
}

/** The period of `frequency` holding the instant `now` in `timeZone` (2026-12-31 23:30 in New York is still December's). */
export function maintenancePeriodAt(now: Date, frequency: MaintenanceFrequency, timeZone: string): MaintenancePeriod {
  const months = MAINTENANCE_FREQUENCY_TERMS[frequency].months;
  const current = yearMonthOf(now, timeZone);
  const firstMonth = Math.floor((current.month - 1) / months) * months + 1;
  return periodOf({ year: current.year, month: firstMonth }, frequency, timeZone);
}

/** When the period after the one holding `now` starts: the next run. */
export function nextMaintenanceRunAt(now: Date, frequency: MaintenanceFrequency, timeZone: string): Date {
  return maintenancePeriodAt(now, frequency, timeZone).to;
}

/** 'YYYY-MM-DD': the period's last day. */
export function maintenanceDueDay(period: Pick<MaintenancePeriod, 'end'>): string {
  const end = parseYearMonth(period.end);
  if (!end) return period.end;
  const lastDay = new Date(Date.UTC(end.year, end.month, 0)).getUTCDate();
  return `${formatYearMonth(end)}-${String(lastDay).padStart(2, '0')}`;
}

/** The ticket's due date: the period's last day at the due hour (16:00) in `timeZone`. */
export function maintenanceDueDate(period: Pick<MaintenancePeriod, 'end'>, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = maintenanceDueDay(period).split('-').map(Number);
  return zonedDateAt(year, month, day, DUE_HOUR, 0, timeZone);
}

/** 'December 2026', 'Q4 2026', '2nd half 2026'. */
export function maintenancePeriodLabel(period: Pick<MaintenancePeriod, 'start' | 'end'>): string {
  const start = parseYearMonth(period.start);
  const end = parseYearMonth(period.end);
  if (!start || !end) return period.start;
  const months = monthIndex(end) - monthIndex(start) + 1;
  if (months === 3) return `Q${Math.floor((start.month - 1) / 3) + 1} ${start.year}`;
  if (months === 6) return `${start.month <= 6 ? '1st' : '2nd'} half ${start.year}`;
  return `${MONTH_NAMES[start.month - 1]} ${start.year}`;
}

/** 'Maintenance: December 2026'. */
export function maintenanceTicketTitle(period: Pick<MaintenancePeriod, 'start' | 'end'>): string {
  return `Maintenance: ${maintenancePeriodLabel(period)}`;
}

/** A period a company's schedule already opened. */
export interface MaintenanceRunPeriod {
  period_start: string;
  period_end: string;
}

/**
 * The period to open at `now`, or null when none is due. Only the current period is ever due: a period missed while
 * the portal was down is the current one opened late (once), and nothing before the schedule existed is back-filled.
 * A run already covering the current month answers null, so a plan changed mid-period (monthly to quarterly, say)
 * applies from the next period instead of opening a second ticket for the same months.
 */
export function duePeriodAt(
  now: Date, frequency: MaintenanceFrequency, timeZone: string, runs: readonly MaintenanceRunPeriod[],
): MaintenancePeriod | null {
  const period = maintenancePeriodAt(now, frequency, timeZone);
  const current = formatYearMonth(yearMonthOf(now, timeZone));
  const covered = runs.some((run) => run.period_start === period.start || (run.period_start <= current && current <= run.period_end));
  return covered ? null : period;
}

// Task templates per intensity (Admin > Maintenance > Maintenance tasks).

export const MAINTENANCE_TEMPLATE_INTENSITIES = ['maintenance', 'security', 'performance'] as const;
export type MaintenanceTemplateIntensity = (typeof MAINTENANCE_TEMPLATE_INTENSITIES)[number];
export type MaintenanceTemplates = Record<MaintenanceTemplateIntensity, string[]>;

/** The option holding the templates (JSON: { maintenance: [...], security: [...], performance: [...] }). */
export const MAINTENANCE_TASKS_OPTION = 'maintenance_tasks';
export const MAINTENANCE_TASKS_MAX = 50;
export const MAINTENANCE_TASK_MAX_CHARS = 500;

export const MAINTENANCE_INTENSITY_LABELS: Readonly<Record<MaintenanceTemplateIntensity, string>> = {
  maintenance: 'Maintenance', security: 'Security', performance: 'Performance',
};

export const DEFAULT_MAINTENANCE_TEMPLATES: Readonly<MaintenanceTemplates> = {
  maintenance: [
    'Update the core',
    'Update plugins',
    'Update themes',
    'Check that backups ran and one restores',
    'Check uptime and error logs',
  ],
  security: [
    'Run a malware scan',
    'Review users and their roles',
    'Check the SSL certificate',
    'Check failed sign-ins and firewall logs',
  ],
  performance: [
    'Check page speed',
    'Clean the database',
    'Review caching',
    'Optimise large images',
  ],
};

/** 'updates' is the older name of 'maintenance': the same list. Null for a key with no list. */
export function templateIntensityOf(intensity: string): MaintenanceTemplateIntensity | null {
  const key = intensity === 'updates' ? 'maintenance' : intensity;
  return (MAINTENANCE_TEMPLATE_INTENSITIES as readonly string[]).includes(key) ? (key as MaintenanceTemplateIntensity) : null;
}

function copyTemplates(templates: Readonly<MaintenanceTemplates>): MaintenanceTemplates {
  return { maintenance: [...templates.maintenance], security: [...templates.security], performance: [...templates.performance] };
}

export type MaintenanceTemplatesInput = { ok: true; value: MaintenanceTemplates } | { ok: false; problem: string };

/** The schedule screen's texts; its errors are the catalogue's (MESSAGES). */
export const MAINTENANCE_SCHEDULE_MESSAGES = {
  pageTitle: 'Maintenance',
  tasksTitle: 'Maintenance tasks',
  tooManyTasks: MESSAGES.maintenanceTooManyTasks,
  taskTooLong: MESSAGES.maintenanceTaskTooLong,
  notAMaintenanceClient: MESSAGES.notAMaintenanceClient,
  paused: 'Paused',
  active: 'Active',
  noCompanies: 'No maintenance clients yet.',
  noTicketYet: 'None yet',
} as const;

/**
 * Templates as an admin saves them: each intensity's list trimmed, empty lines dropped, at most MAINTENANCE_TASKS_MAX
 * tasks of at most MAINTENANCE_TASK_MAX_CHARS characters. A list left out keeps `current`.
 */
export function readMaintenanceTemplatesInput(input: Partial<Record<MaintenanceTemplateIntensity, readonly string[]>>, current: Readonly<MaintenanceTemplates>): MaintenanceTemplatesInput {
  const value = copyTemplates(current);
  for (const intensity of MAINTENANCE_TEMPLATE_INTENSITIES) {
    const list = input[intensity];
    if (list === undefined) continue;
    const tasks = list.map((task) => task.trim()).filter((task) => task !== '');
    if (tasks.length > MAINTENANCE_TASKS_MAX) return { ok: false, problem: MAINTENANCE_SCHEDULE_MESSAGES.tooManyTasks };
    if (tasks.some((task) => task.length > MAINTENANCE_TASK_MAX_CHARS)) return { ok: false, problem: MAINTENANCE_SCHEDULE_MESSAGES.taskTooLong };
    value[intensity] = tasks;
  }
  return { ok: true, value };
}

/** The stored option (JSON text or its value); a list missing or unreadable is its default. */
export function parseMaintenanceTemplates(stored: unknown): MaintenanceTemplates {
  let source = stored;
  if (typeof stored === 'string') {
    try {
      source = JSON.parse(stored);
    } catch {
      source = null;
    }
  }
  const record = typeof source === 'object' && source !== null && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
  const templates = copyTemplates(DEFAULT_MAINTENANCE_TEMPLATES);
  for (const intensity of MAINTENANCE_TEMPLATE_INTENSITIES) {
    const list = record[intensity];
    if (Array.isArray(list)) {
      templates[intensity] = list
        .filter((task): task is string => typeof task === 'string')
        .map((task) => task.trim())
        .filter((task) => task !== '')
        .slice(0, MAINTENANCE_TASKS_MAX)
        .map((task) => task.slice(0, MAINTENANCE_TASK_MAX_CHARS));
    }
  }
  return templates;
}

/** The checklist of a plan: each intensity's list once, in the plan's order, no instruction twice (compared case-insensitively). */
export function maintenanceChecklist(intensities: readonly string[], templates: Readonly<MaintenanceTemplates>): string[] {
  const lists = [...new Set(intensities.map(templateIntensityOf).filter((key): key is MaintenanceTemplateIntensity => key !== null))];
  const seen = new Set<string>();
  const checklist: string[] = [];
  for (const key of lists) {
    for (const task of templates[key]) {
      const seenKey = task.trim().toLowerCase();
      if (seenKey === '' || seen.has(seenKey)) continue;
      seen.add(seenKey);
      checklist.push(task.trim());
    }
  }
  return checklist;
}

/** The plan's estimate in 6-minute units: its price per period over the unit price, rounded up. */
export function maintenanceEstimateUnits(costUsd: number, unitPriceUsd: number): number {
  if (!(unitPriceUsd > 0) || !(costUsd > 0)) return 0;
  // Rounded to a thousandth first, so float noise (8.000000001) never rounds a whole unit up.
  return Math.ceil(Math.round((costUsd / unitPriceUsd) * 1000) / 1000);
}

/** 'Monthly: maintenance, security ($100.00 per month)'; null for a plan the schedule does not run. */
export function maintenancePlanText(prefs: MaintenancePrefs): string | null {
  const estimate = maintenanceEstimate(prefs);
  if (!estimate || prefs.frequency === '') return null;
  return `${FREQUENCY_NAMES[prefs.frequency]}: ${prefs.intensity.join(', ')} (${estimate.text})`;
}

/** The maintenance ticket's description: the plan and the period it covers. */
export function maintenanceTicketDescription(prefs: MaintenancePrefs, period: Pick<MaintenancePeriod, 'start' | 'end'>): string {
  const plan = maintenancePlanText(prefs) ?? prefs.intensity.join(', ');
  return [
    `Scheduled maintenance for ${maintenancePeriodLabel(period)}.`,
    '',
    `- Plan: ${plan}`,
    `- Due: ${maintenanceDueDay(period)}`,
    '',
    'The checklist lists the work of this period.',
  ].join('\n');
}

/** The ticket's type and priority: a type named Maintenance when the admin's list has one, else the first type; Medium priority, else the first. */
export function maintenanceTicketFields(types: readonly LookupItem[], priorities: readonly LookupItem[]): { type_id: number; priority_id: number } {
  const type = types.find((item) => item.name.trim().toLowerCase() === 'maintenance') ?? types[0];
  const priority = priorities.find((item) => item.id === PRIORITY.medium) ?? priorities[0];
  return { type_id: type?.id ?? 1, priority_id: priority?.id ?? PRIORITY.medium };
}
