import { DEFAULT_TYPES } from './lookups';
import { canManageStatements, canReadCompanyStatement } from './policy';
import { canSeeStatement } from './statement';
import {
  STATEMENT_MESSAGES, buildStatement, canHoldStatement, canReleaseStatement, hasStatementActivity, statementMonthAt, statementStatusLabel, statementSubject,
  type StatementInput,
} from './statement';

const base: StatementInput = {
  month: '2026-11',
  entries: [],
  completed: [],
  plan: null,
  maintenance: [],
  open: [],
  asOf: new Date('2026-12-01T05:00:00Z'),
  types: DEFAULT_TYPES,
};

describe('buildStatement', () => {
  it('lists each ticket worked with its time and value, a meeting at the meeting rate, and marks the completed ones', () => {
    const statement = buildStatement({
      ...base,
      entries: [
        { time_id: 1, date: '2026-11-02T10:00:00Z', ticket_id: 7, ticket_title: 'Fix the form', type_id: 3, time: 10 },
        { time_id: 2, date: '2026-11-03T10:00:00Z', ticket_id: 7, ticket_title: 'Fix the form', type_id: 3, time: 5 },
        { time_id: 3, date: '2026-11-04T10:00:00Z', ticket_id: 9, ticket_title: 'Kick-off', type_id: 6, time: 10 },
        { time_id: 4, date: '2026-11-05T10:00:00Z', ticket_id: null, ticket_title: null, type_id: null, time: 2 },
      ],
      completed: [{ ticket_id: 7, title: 'Fix the form', date_completed: '2026-11-20T12:00:00Z' }],
    });
    expect(statement.worked).toEqual([
      { ticket_id: 7, title: 'Fix the form', type_name: 'Incident/Bug', units: 15, amount: 150, completed: true },
      { ticket_id: 9, title: 'Kick-off', type_name: 'Meeting', units: 10, amount: 50, completed: false },
      { ticket_id: null, title: 'Deleted ticket', type_name: 'Other', units: 2, amount: 20, completed: false },
    ]);
    expect(statement.by_type).toEqual([
      { type_id: 3, type_name: 'Incident/Bug', units: 15, amount: 150 },
      { type_id: 6, type_name: 'Meeting', units: 10, amount: 50 },
      { type_id: null, type_name: 'Other', units: 2, amount: 20 },
    ]);
    expect(statement.total_units).toBe(27);
    expect(statement.total_amount).toBe(220);
    expect(statement.completed).toEqual([{ ticket_id: 7, title: 'Fix the form', date_completed: '2026-11-20T12:00:00Z' }]);
    expect(statement.month_label).toBe('November 2026');
  });

  it('takes a correction off its ticket, to the cent', () => {
    const statement = buildStatement({
      ...base,
      entries: [
        { time_id: 1, date: '2026-11-02T10:00:00Z', ticket_id: 7, ticket_title: 'Fix', type_id: 1, time: 3 },
        { time_id: 2, date: '2026-11-09T10:00:00Z', ticket_id: 7, ticket_title: 'Fix', type_id: 1, time: -1 },
      ],
      rates: { unitPriceUsd: 12.5, meetingHourlyUsd: 150 },
    });
    expect(statement.worked[0]).toMatchObject({ units: 2, amount: 25 });
    expect(statement.total_amount).toBe(25);
  });

  it('reports the plan hours used against included, or none without a bank', () => {
    const plan = { includedUnits: 100, rolledOverUnits: 20, availableUnits: 120, usedUnits: 130, remainingUnits: 0, overageUnits: 10, percentUsed: 108 };
    expect(buildStatement({ ...base, plan }).plan).toEqual({
      included_units: 100, rolled_over_units: 20, available_units: 120, used_units: 130, remaining_units: 0, overage_units: 10, percent_used: 108,
    });
    expect(buildStatement(base).plan).toBeNull();
  });

  it("shows each maintenance ticket's checklist done and not done", () => {
    const statement = buildStatement({
      ...base,
      maintenance: [{
        ticket_id: 40, title: 'Monthly maintenance: November 2026',
        tasks: [{ instruction: 'Update plugins', date_completed: '2026-11-10T10:00:00Z' }, { instruction: 'Check backups', date_completed: null }],
      }],
    });
    expect(statement.maintenance).toEqual([{
      ticket_id: 40, title: 'Monthly maintenance: November 2026', done: 1,
      tasks: [{ instruction: 'Update plugins', done: true }, { instruction: 'Check backups', done: false }],
    }]);
  });

  it('lists the open tickets whose due date passed by the statement\'s end, oldest first', () => {
    const statement = buildStatement({
      ...base,
      open: [
        { ticket_id: 1, title: 'Late', status_id: 3, date_due: '2026-11-20T17:00:00Z' },
        { ticket_id: 2, title: 'Later still', status_id: 1, date_due: '2026-10-01T17:00:00Z' },
        { ticket_id: 3, title: 'Not yet due', status_id: 3, date_due: '2026-12-03T17:00:00Z' },
        { ticket_id: 4, title: 'No due date', status_id: 3, date_due: null },
        { ticket_id: 5, title: 'Done', status_id: 5, date_due: '2026-11-01T17:00:00Z' },
      ],
    });
    expect(statement.overdue).toEqual([
      { ticket_id: 2, title: 'Later still', date_due: '2026-10-01T17:00:00Z' },
      { ticket_id: 1, title: 'Late', date_due: '2026-11-20T17:00:00Z' },
    ]);
  });
});

describe('hasStatementActivity', () => {
  it('is time, a completed ticket, a plan or maintenance in the month', () => {
    expect(hasStatementActivity(buildStatement(base))).toBe(false);
    expect(hasStatementActivity(buildStatement({ ...base, completed: [{ ticket_id: 1, title: 'x', date_completed: '2026-11-02T00:00:00Z' }] }))).toBe(true);
    const plan = { includedUnits: 0, rolledOverUnits: 0, availableUnits: 0, usedUnits: 0, remainingUnits: 0, overageUnits: 0, percentUsed: 0 };
    expect(hasStatementActivity(buildStatement({ ...base, plan }))).toBe(true);
    // Overdue tickets alone are no month's activity.
    expect(hasStatementActivity(buildStatement({ ...base, open: [{ ticket_id: 1, title: 'x', status_id: 1, date_due: '2026-01-01T00:00:00Z' }] }))).toBe(false);
  });
});

describe('statementMonthAt', () => {
  it("is the month just ended in the portal's time zone, across the year end", () => {
    expect(statementMonthAt(new Date('2026-12-01T06:00:00Z'), 'America/New_York')).toBe('2026-11');
    expect(statementMonthAt(new Date('2027-01-01T06:00:00Z'), 'America/New_York')).toBe('2026-12');
    // 1 December 02:00 UTC is still 30 November in New York: the month just ended there is October.
    expect(statementMonthAt(new Date('2026-12-01T02:00:00Z'), 'America/New_York')).toBe('2026-10');
    expect(statementMonthAt(new Date('2026-11-30T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11');
  });
});

describe('holding and releasing', () => {
  it('holds a draft or held statement of a started month; not a sent one', () => {
    expect(canHoldStatement({ month: '2026-11', currentMonth: '2026-11', status: 'draft' })).toEqual({ ok: true });
    expect(canHoldStatement({ month: '2026-10', currentMonth: '2026-11', status: 'held' })).toEqual({ ok: true });
    expect(canHoldStatement({ month: '2026-11', currentMonth: '2026-11', status: 'sent' })).toEqual({ ok: false, status: 409, message: STATEMENT_MESSAGES.alreadySent });
    expect(canHoldStatement({ month: '2026-12', currentMonth: '2026-11', status: 'draft' })).toMatchObject({ ok: false, status: 400 });
  });

  it('releases only a held statement', () => {
    expect(canReleaseStatement('held')).toEqual({ ok: true });
    expect(canReleaseStatement('sent')).toMatchObject({ ok: false, status: 409, message: 'This statement was already sent.' });
    expect(canReleaseStatement('draft')).toMatchObject({ ok: false, status: 409, message: 'This statement is not held.' });
  });

  it('names the statuses and the subject', () => {
    expect(['draft', 'held', 'sent'].map((status) => statementStatusLabel(status as 'draft'))).toEqual(['Draft', 'Held', 'Sent']);
    expect(statementSubject('2026-11')).toBe('Your statement for November 2026');
  });
});

describe('who sees statements', () => {
  const viewer = (groupId: number, companyIds: number[] = [], primaryCompanyIds: number[] = []) => ({ contactId: 1, groupId, companyIds, primaryCompanyIds });
  it("reads a company's statement: admins and its primary contacts, not agents or its other contacts", () => {
    expect(canReadCompanyStatement(viewer(1), 4)).toBe(true);
    expect(canReadCompanyStatement(viewer(5, [4], [4]), 4)).toBe(true);
    expect(canReadCompanyStatement(viewer(5, [4], []), 4)).toBe(false);
    expect(canReadCompanyStatement(viewer(5, [9], [9]), 4)).toBe(false);
    expect(canReadCompanyStatement(viewer(2), 4)).toBe(false);
    expect(canReadCompanyStatement(viewer(3), 4)).toBe(false);
  });

  it('lists, holds and releases: admins only', () => {
    expect([1, 2, 3, 4, 5].filter((groupId) => canManageStatements(viewer(groupId)))).toEqual([1]);
  });
});

describe('canSeeStatement', () => {
  const admin = { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] };
  const primary = { contactId: 2, groupId: 5, companyIds: [4], primaryCompanyIds: [4] };
  it('shows admins every statement, the primary contacts a sent one only', () => {
    expect((['draft', 'held', 'sent'] as const).map((status) => canSeeStatement(admin, 4, status))).toEqual([true, true, true]);
    expect((['draft', 'held', 'sent'] as const).map((status) => canSeeStatement(primary, 4, status))).toEqual([false, false, true]);
    expect(canSeeStatement(primary, 5, 'sent')).toBe(false);
  });
});
