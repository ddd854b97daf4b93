import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { MESSAGES } from './messages';
import { canManageMaintenanceSchedule } from './policy';
import {
  DEFAULT_MAINTENANCE_TEMPLATES, MAINTENANCE_TASK_MAX_CHARS, MAINTENANCE_TASKS_MAX, duePeriodAt, maintenanceChecklist, maintenanceDueDate, maintenanceDueDay,
  maintenanceEstimateUnits, maintenancePeriodAt, maintenancePeriodLabel, maintenancePlanText, maintenanceTicketDescription, maintenanceTicketTitle, nextMaintenanceRunAt,
  parseMaintenanceTemplates, readMaintenanceTemplatesInput, maintenanceTicketFields,
} from './maintenance-schedule';

const NY = 'America/New_York';

describe('maintenance periods', () => {
  it('is still December at 23:30 on New Year’s Eve in New York (already January in UTC)', () => {
    const now = new Date('2027-01-01T04:30:00Z');
    expect(maintenancePeriodAt(now, 'monthly', NY)).toMatchObject({ start: '2026-12', end: '2026-12' });
    expect(maintenancePeriodAt(now, 'monthly', 'UTC')).toMatchObject({ start: '2027-01', end: '2027-01' });
    expect(maintenancePeriodAt(now, 'monthly', NY).from.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(maintenancePeriodAt(now, 'monthly', NY).to.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('counts quarters Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec', () => {
    expect(maintenancePeriodAt(new Date('2026-02-15T12:00:00Z'), 'quarterly', 'UTC')).toMatchObject({ start: '2026-01', end: '2026-03' });
    expect(maintenancePeriodAt(new Date('2026-06-30T12:00:00Z'), 'quarterly', 'UTC')).toMatchObject({ start: '2026-04', end: '2026-06' });
    expect(maintenancePeriodAt(new Date('2026-12-31T12:00:00Z'), 'quarterly', 'UTC')).toMatchObject({ start: '2026-10', end: '2026-12' });
    // 1 April 02:00 in Berlin is still 31 March in UTC: the zone decides.
    expect(maintenancePeriodAt(new Date('2026-03-31T23:30:00Z'), 'quarterly', 'Europe/Berlin')).toMatchObject({ start: '2026-04', end: '2026-06' });
    expect(maintenancePeriodAt(new Date('2026-03-31T23:30:00Z'), 'quarterly', 'UTC')).toMatchObject({ start: '2026-01', end: '2026-03' });
  });

  it('counts half-years Jan–Jun and Jul–Dec, across the year end', () => {
    expect(maintenancePeriodAt(new Date('2026-07-01T00:00:00Z'), 'semiannually', 'UTC')).toMatchObject({ start: '2026-07', end: '2026-12' });
    expect(maintenancePeriodAt(new Date('2026-06-30T23:59:59Z'), 'semiannually', 'UTC')).toMatchObject({ start: '2026-01', end: '2026-06' });
    expect(maintenancePeriodAt(new Date('2027-01-01T04:59:00Z'), 'semiannually', NY)).toMatchObject({ start: '2026-07', end: '2026-12' });
  });

  it('names the next run: the first instant of the next period', () => {
    expect(nextMaintenanceRunAt(new Date('2026-12-07T10:00:00Z'), 'monthly', NY).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(nextMaintenanceRunAt(new Date('2026-11-07T10:00:00Z'), 'quarterly', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextMaintenanceRunAt(new Date('2026-02-07T10:00:00Z'), 'semiannually', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('is due on the period’s last day at 16:00 in the zone', () => {
    expect(maintenanceDueDay({ end: '2027-02' })).toBe('2027-02-28');
    expect(maintenanceDueDay({ end: '2028-02' })).toBe('2028-02-29');
    expect(maintenanceDueDay({ end: '2026-12' })).toBe('2026-12-31');
    expect(maintenanceDueDate({ end: '2026-12' }, NY).toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('labels and titles the period', () => {
    expect(maintenanceTicketTitle({ start: '2026-12', end: '2026-12' })).toBe('Maintenance: December 2026');
    expect(maintenanceTicketTitle({ start: '2026-10', end: '2026-12' })).toBe('Maintenance: Q4 2026');
    expect(maintenancePeriodLabel({ start: '2026-07', end: '2026-12' })).toBe('2nd half 2026');
    expect(maintenancePeriodLabel({ start: '2027-01', end: '2027-06' })).toBe('1st half 2027');
  });
});

describe('which period is due', () => {
  const now = new Date('2026-12-07T10:00:00Z');

  it('is the current period when none ran, and only that one (nothing back-filled)', () => {
    expect(duePeriodAt(now, 'monthly', NY, [])).toMatchObject({ start: '2026-12', end: '2026-12' });
  });

  it('is none once the current period ran', () => {
    expect(duePeriodAt(now, 'monthly', NY, [{ period_start: '2026-12', period_end: '2026-12' }])).toBeNull();
  });

  it('opens a period missed while down late, once: the current one, not the months before it', () => {
    const runs = [{ period_start: '2026-09', period_end: '2026-09' }];
    expect(duePeriodAt(now, 'monthly', NY, runs)).toMatchObject({ start: '2026-12' });
  });

  it('applies a plan change from the next period: a quarter holding a month already run is not opened', () => {
    const runs = [{ period_start: '2026-12', period_end: '2026-12' }];
    expect(duePeriodAt(now, 'quarterly', NY, runs)).toBeNull();
    expect(duePeriodAt(new Date('2027-01-02T10:00:00Z'), 'quarterly', NY, runs)).toMatchObject({ start: '2027-01', end: '2027-03' });
    // Quarterly to monthly mid-quarter: the quarter's run still covers December.
    expect(duePeriodAt(now, 'monthly', NY, [{ period_start: '2026-10', period_end: '2026-12' }])).toBeNull();
  });
});

describe('maintenance checklists', () => {
  const templates = { maintenance: ['Update plugins', 'Check backups'], security: ['Malware scan', 'check backups'], performance: ['Page speed'] };

  it('lists each intensity once, in the plan’s order, no instruction twice', () => {
    expect(maintenanceChecklist(['security', 'maintenance', 'security'], templates)).toEqual(['Malware scan', 'check backups', 'Update plugins']);
  });

  it('reads updates as the maintenance list, once with maintenance', () => {
    expect(maintenanceChecklist(['updates'], templates)).toEqual(['Update plugins', 'Check backups']);
    expect(maintenanceChecklist(['updates', 'maintenance', 'performance'], templates)).toEqual(['Update plugins', 'Check backups', 'Page speed']);
  });

  it('has default tasks for every intensity', () => {
    expect(parseMaintenanceTemplates(undefined)).toEqual(DEFAULT_MAINTENANCE_TEMPLATES);
    expect(parseMaintenanceTemplates('{"security":["Scan"]}')).toEqual({ ...DEFAULT_MAINTENANCE_TEMPLATES, security: ['Scan'] });
    expect(parseMaintenanceTemplates('not json')).toEqual(DEFAULT_MAINTENANCE_TEMPLATES);
  });

  it('words its bounds in the catalogue', () => {
    expect(MESSAGES.maintenanceTooManyTasks).toBe(`A list holds at most ${MAINTENANCE_TASKS_MAX} tasks.`);
    expect(MESSAGES.maintenanceTaskTooLong).toBe(`A task is at most ${MAINTENANCE_TASK_MAX_CHARS} characters.`);
  });

  it('saves lists trimmed without empties, bounded', () => {
    const saved = readMaintenanceTemplatesInput({ security: ['  Scan  ', '', '   '] }, DEFAULT_MAINTENANCE_TEMPLATES);
    expect(saved).toEqual({ ok: true, value: { ...DEFAULT_MAINTENANCE_TEMPLATES, security: ['Scan'] } });
    expect(readMaintenanceTemplatesInput({ security: Array.from({ length: 51 }, (_, i) => `Task ${i}`) }, DEFAULT_MAINTENANCE_TEMPLATES).ok).toBe(false);
    expect(readMaintenanceTemplatesInput({ security: ['x'.repeat(MAINTENANCE_TASK_MAX_CHARS + 1)] }, DEFAULT_MAINTENANCE_TEMPLATES).ok).toBe(false);
  });
});

describe('the plan on the ticket', () => {
  it('estimates the price per period over the unit price, rounded up', () => {
    expect(maintenanceEstimateUnits(80, 10)).toBe(8);
    expect(maintenanceEstimateUnits(75, 10)).toBe(8);
    expect(maintenanceEstimateUnits(0.3 * 3, 0.3)).toBe(3);
    expect(maintenanceEstimateUnits(0, 10)).toBe(0);
  });

  it('reads the plan', () => {
    expect(maintenancePlanText({ frequency: 'quarterly', intensity: ['maintenance', 'security'] })).toBe('Quarterly: maintenance, security ($75.00 per quarter)');
    expect(maintenancePlanText({ frequency: '', intensity: [] })).toBeNull();
  });

  it('lists the plan and the due day as Markdown items, so each reads on its own line', () => {
    const period = maintenancePeriodAt(new Date('2026-04-02T12:00:00Z'), 'quarterly', NY);
    const lines = maintenanceTicketDescription({ frequency: 'quarterly', intensity: ['maintenance'] }, period).split('\n');
    expect(lines).toContain('- Plan: Quarterly: maintenance ($30.00 per quarter)');
    expect(lines).toContain('- Due: 2026-06-30');
  });
});

describe('who manages the schedule', () => {
  const viewer = (groupId: number) => ({ contactId: 1, groupId, companyIds: [], primaryCompanyIds: [] });

  it('is admins only', () => {
    expect(canManageMaintenanceSchedule(viewer(GROUP_ADMIN))).toBe(true);
    for (const groupId of [2, 3, 4, GROUP_CLIENT]) expect(canManageMaintenanceSchedule(viewer(groupId))).toBe(false);
  });
});

describe('the maintenance ticket’s type and priority', () => {
  const priorities = [{ id: 1, name: 'Urgent' }, { id: 3, name: 'Medium' }];

  it('is the type named Maintenance when the list has one, else the first; Medium priority', () => {
    expect(maintenanceTicketFields([{ id: 1, name: 'Question' }, { id: 9, name: 'maintenance ' }], priorities)).toEqual({ type_id: 9, priority_id: 3 });
    expect(maintenanceTicketFields([{ id: 4, name: 'Question' }, { id: 2, name: 'Bug' }], [{ id: 7, name: 'Normal' }])).toEqual({ type_id: 4, priority_id: 7 });
  });
});
