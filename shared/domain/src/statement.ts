import { fromCents, invoiceLines, monthLabel, toCentsInt } from './billing';
import { findLookup, type LookupItem } from './lookups';
import { DEFAULT_RATES, type Rates } from './money';
import { monthsBackPeriod, parseYearMonth } from './periods';
import { isAdmin } from './groups';
import { canReadCompanyStatement, type Viewer } from './policy';
import { isFinishedStatus } from './ticket-rules';

/**
 * The monthly statement (docs/product/statements.md): what a company's month was, from plain rows. Tickets worked
 * (time logged in the month) with their time and value, the tickets completed, the time by type, the plan hours used
 * against included, the month's maintenance checklists, and what is overdue. Value is what the invoice would bill:
 * the standard unit price, the meeting rate on meeting tickets (billing.ts).
 */

/** The statement's texts (the section headings are the product's words; docs/product/statements.md#what-it-shows). */
export const STATEMENT_MESSAGES = {
  ticketsWorked: 'Tickets worked',
  completed: 'Completed',
  timeByType: 'Time by type',
  planHours: 'Plan hours',
  maintenanceDone: 'Maintenance done',
  overdue: 'Overdue',
  noTimeLogged: 'No time was logged this month.',
  noneCompleted: 'No tickets were completed this month.',
  noPlan: 'No plan hours this month.',
  noMaintenance: 'No maintenance this month.',
  noneOverdue: 'Nothing is overdue.',
  deletedTicket: 'Deleted ticket',
  otherType: 'Other',
  statementNotFound: 'Statement not found.',
  alreadySent: 'This statement was already sent.',
  notHeld: 'This statement is not held.',
  monthNotOpen: 'This month has not started yet.',
  draft: 'Draft',
  held: 'Held',
  sent: 'Sent',
} as const;

/** 'Your statement for November 2026'. */
export function statementSubject(month: string): string {
  return `Your statement for ${monthLabel(month)}`;
}

/** A time entry of the month as the statement reads it. */
export interface StatementEntry {
  time_id: number;
  date: string;
  /** Null when the ticket was deleted. */
  ticket_id: number | null;
  ticket_title: string | null;
  /** The ticket's type; null when the ticket was deleted (valued at the standard rate, like the invoice). */
  type_id: number | null;
  /** Units of 6 minutes; a correction's may be negative. */
  time: number;
}

export interface StatementTicketRow {
  ticket_id: number;
  title: string;
}

export interface CompletedTicketRow extends StatementTicketRow {
  date_completed: string;
}

export interface OpenTicketRow extends StatementTicketRow {
  status_id: number;
  /** Null: no due date. */
  date_due: string | null;
}

export interface MaintenanceTicketRow extends StatementTicketRow {
  tasks: readonly { instruction: string; date_completed: string | null }[];
}

/** The plan hours of the month as the hour bank reports them (its HourBankBalance is one). */
export interface PlanHoursInput {
  includedUnits: number;
  rolledOverUnits: number;
  availableUnits: number;
  usedUnits: number;
  remainingUnits: number;
  overageUnits: number;
  percentUsed: number;
}

export interface StatementInput {
  /** 'YYYY-MM'. */
  month: string;
  entries: readonly StatementEntry[];
  /** Tickets completed in the month. */
  completed: readonly CompletedTicketRow[];
  /** The company's bank for the month; null: it has none. */
  plan: PlanHoursInput | null;
  /** The tickets its maintenance schedule opened for a period holding the month. */
  maintenance: readonly MaintenanceTicketRow[];
  /** The company's tickets that are not complete or cancelled. */
  open: readonly OpenTicketRow[];
  /** Overdue means due before this instant: the end of the month, or now while the month runs. */
  asOf: Date;
  types: readonly LookupItem[];
  rates?: Rates;
}

export interface StatementTicket {
  ticket_id: number | null;
  title: string;
  type_name: string;
  units: number;
  /** USD with cents. */
  amount: number;
  /** Completed in the month. */
  completed: boolean;
}

export interface StatementTypeTotal {
  type_id: number | null;
  type_name: string;
  units: number;
  amount: number;
}

export interface StatementPlan {
  included_units: number;
  rolled_over_units: number;
  available_units: number;
  used_units: number;
  remaining_units: number;
  overage_units: number;
  percent_used: number;
}

export interface StatementMaintenance {
  ticket_id: number;
  title: string;
  tasks: { instruction: string; done: boolean }[];
  done: number;
}

export interface StatementContent {
  month: string;
  month_label: string;
  worked: StatementTicket[];
  completed: { ticket_id: number; title: string; date_completed: string }[];
  by_type: StatementTypeTotal[];
  total_units: number;
  total_amount: number;
  plan: StatementPlan | null;
  maintenance: StatementMaintenance[];
  overdue: { ticket_id: number; title: string; date_due: string }[];
}

const byTitle = <T extends { title: string }>(a: T, b: T) => a.title.localeCompare(b.title);

/** The statement of the month from its rows (see the notes at the top). */
export function buildStatement(input: StatementInput): StatementContent {
  const rates = input.rates ?? DEFAULT_RATES;
  const completedIds = new Set(input.completed.map((ticket) => ticket.ticket_id));
  const typeName = (typeId: number | null) => (typeId === null ? STATEMENT_MESSAGES.otherType : findLookup(input.types, typeId)?.name ?? STATEMENT_MESSAGES.otherType);
  const lines = invoiceLines(
    input.entries.map((entry) => ({ ...entry, description: '', estimated_time: 0, ticket_time: 0 })),
    rates,
  );
  const typeOf = new Map(input.entries.map((entry) => [entry.time_id, entry.type_id]));

  const tickets = new Map<string, { row: StatementTicket; cents: number }>();
  const types = new Map<string, { row: StatementTypeTotal; cents: number }>();
  let totalCents = 0;
  let totalUnits = 0;
  for (const line of lines) {
    const typeId = typeOf.get(line.time_id) ?? null;
    const cents = toCentsInt(line.amount);
    const ticketKey = line.ticket_id === null ? 'deleted' : String(line.ticket_id);
    const ticket = tickets.get(ticketKey) ?? {
      row: {
        ticket_id: line.ticket_id,
        title: line.ticket_id === null ? STATEMENT_MESSAGES.deletedTicket : line.ticket_title ?? STATEMENT_MESSAGES.deletedTicket,
        type_name: typeName(typeId),
        units: 0,
        amount: 0,
        completed: line.ticket_id !== null && completedIds.has(line.ticket_id),
      },
      cents: 0,
    };
    ticket.row.units += line.units;
    ticket.cents += cents;
    tickets.set(ticketKey, ticket);
    const typeKey = String(typeId);
    const type = types.get(typeKey) ?? { row: { type_id: typeId, type_name: typeName(typeId), units: 0, amount: 0 }, cents: 0 };
    type.row.units += line.units;
    type.cents += cents;
    types.set(typeKey, type);
    totalCents += cents;
    totalUnits += line.units;
  }
  const settled = <R extends { amount: number }>({ row, cents }: { row: R; cents: number }): R => ({ ...row, amount: fromCents(cents) });

  const asOf = input.asOf.getTime();
  const overdue = input.open
    .filter((ticket): ticket is OpenTicketRow & { date_due: string } =>
      !isFinishedStatus(ticket.status_id) && ticket.date_due !== null && new Date(ticket.date_due).getTime() < asOf)
    .map(({ ticket_id, title, date_due }) => ({ ticket_id, title, date_due }))
    .sort((a, b) => a.date_due.localeCompare(b.date_due) || a.ticket_id - b.ticket_id);

  const plan = input.plan && {
    included_units: input.plan.includedUnits,
    rolled_over_units: input.plan.rolledOverUnits,
    available_units: input.plan.availableUnits,
    used_units: input.plan.usedUnits,
    remaining_units: input.plan.remainingUnits,
    overage_units: input.plan.overageUnits,
    percent_used: input.plan.percentUsed,
  };

  return {
    month: input.month,
    month_label: monthLabel(input.month),
    worked: [...tickets.values()].map(settled).sort((a, b) => b.units - a.units || byTitle(a, b)),
    completed: input.completed
      .map(({ ticket_id, title, date_completed }) => ({ ticket_id, title, date_completed }))
      .sort((a, b) => a.date_completed.localeCompare(b.date_completed) || a.ticket_id - b.ticket_id),
    by_type: [...types.values()].map(settled).sort((a, b) => b.units - a.units || a.type_name.localeCompare(b.type_name)),
    total_units: totalUnits,
    total_amount: fromCents(totalCents),
    plan,
    maintenance: input.maintenance.map((ticket) => {
      const tasks = ticket.tasks.map((task) => ({ instruction: task.instruction, done: task.date_completed !== null }));
      return { ticket_id: ticket.ticket_id, title: ticket.title, tasks, done: tasks.filter((task) => task.done).length };
    }),
    overdue,
  };
}

/** A company gets a statement for a month it had time logged, tickets completed or a plan in. */
export function hasStatementActivity(statement: Pick<StatementContent, 'worked' | 'completed' | 'plan' | 'maintenance'>): boolean {
  return statement.worked.length > 0 || statement.completed.length > 0 || statement.plan !== null || statement.maintenance.length > 0;
}

/** The month a send at `now` is for: the month just ended, in the portal's time zone. */
export function statementMonthAt(now: Date, timeZone: string): string {
  return monthsBackPeriod(now, 1, timeZone)!.month;
}

/** What the admins' list shows for a statement: no row yet is a draft. */
export type StatementStatus = 'draft' | 'held' | 'sent';

export type StatementCheck = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };

/** A statement can be held before it is sent, for a month that has started. */
export function canHoldStatement(input: { month: string; currentMonth: string; status: StatementStatus }): StatementCheck {
  if (!parseYearMonth(input.month) || input.month > input.currentMonth) return { ok: false, status: 400, message: STATEMENT_MESSAGES.monthNotOpen };
  if (input.status === 'sent') return { ok: false, status: 409, message: STATEMENT_MESSAGES.alreadySent };
  return { ok: true };
}

/** A held statement can be released (it goes out with the next send); a sent one cannot. */
export function canReleaseStatement(status: StatementStatus): StatementCheck {
  if (status === 'sent') return { ok: false, status: 409, message: STATEMENT_MESSAGES.alreadySent };
  if (status !== 'held') return { ok: false, status: 409, message: STATEMENT_MESSAGES.notHeld };
  return { ok: true };
}

/** The statement status as the admins' list names it. */
export function statementStatusLabel(status: StatementStatus): string {
  return STATEMENT_MESSAGES[status];
}

/**
 * A company's statement of a month: admins read every one (the preview before the send); its primary contacts read it
 * once it was sent, so a held statement stays the agency's until released (docs/product/statements.md#who-sees-it).
 */
export function canSeeStatement(viewer: Viewer, companyId: number, status: StatementStatus): boolean {
  if (!canReadCompanyStatement(viewer, companyId)) return false;
  return isAdmin(viewer.groupId) || status === 'sent';
}
