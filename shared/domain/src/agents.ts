import { STATUS } from './lookups';
import { formatUsd } from './formats';
import { monthsBackPeriod } from './periods';
import { canManageAgents, type Viewer } from './policy';
import type { TypeAssignments } from './ticket-creation';

// An agent's pay rate and what deleting an agent undoes (docs/product/companies-and-contacts.md#pay-rate,
// docs/product/companies-and-contacts.md#deleting-an-agent). The API plans with these; Manage Agents shows the same words.

/** Editing an agent's pay rate is an admin's, as the rest of Manage Agents. */
export function canEditPayRate(viewer: Viewer): boolean {
  return canManageAgents(viewer);
}

/** The highest pay rate a form accepts, in USD per hour. */
export const PAY_RATE_MAX = 10_000;

/**
 * A pay rate as typed ('42', '42.5', '42.50'): USD per hour, at most two decimals, 0 to
 * PAY_RATE_MAX; null when it is anything else.
 */
export function parsePayRateInput(text: string | number): number | null {
  const value = typeof text === 'number' ? String(text) : text.trim();
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return null;
  const rate = Number(value);
  return rate <= PAY_RATE_MAX ? rate : null;
}

/**
 * The first instant a new pay rate applies from: the start of the current month in `timeZone`.
 * Time logged in earlier months keeps the rate it was paid at; the current month's time and all
 * later time is paid at the new one.
 */
export function payRateEffectiveFrom(now: Date, timeZone: string): Date {
  const period = monthsBackPeriod(now, 0, timeZone);
  if (!period) throw new Error('the current month always exists');
  return period.from;
}

/** What Manage Agents says below the rate field while it is edited. */
export function payRateChangeNote(month: string): string {
  return `The new rate applies to time logged from ${month} on; earlier months keep the rate they were paid at.`;
}

/** What the trail and the rate column read: '$40.00/h', or 'No rate'. */
export function payRateLabel(rate: number | null): string {
  return rate === null ? 'No rate' : `${formatUsd(rate)}/h`;
}

/**
 * A deleted agent's ticket that is still open (not Complete or Cancelled: Backlog, Assigned, In
 * Progress, Testing, Need More Info, Ready To Launch) goes back to Backlog, unassigned. Finished
 * tickets keep the name of who did the work.
 */
export function returnsToBacklog(statusId: number): boolean {
  return statusId !== STATUS.complete && statusId !== STATUS.cancelled;
}

/** The activity note written on each ticket a deleted agent leaves. */
export function agentRemovedNote(agentName: string): string {
  return `Back to Backlog, unassigned: ${agentName} was deleted as an agent.`;
}

/** A type-assignment map without the agent: what stays, and the type keys it held. */
export function assignmentsWithout(map: TypeAssignments, contactId: number): { kept: TypeAssignments; removed: string[] } {
  const kept: TypeAssignments = {};
  const removed: string[] = [];
  for (const [key, assignee] of Object.entries(map)) {
    if (assignee === contactId) removed.push(key);
    else kept[key] = assignee;
  }
  return { kept, removed };
}

/** Where an agent is named before it is deleted (GET /contact/:id/placements). */
export interface AgentPlacements {
  default_agent_of: { company_id: number; company_name: string }[];
  /** company_id null: the global map of Admin Settings → Assignments. */
  type_assignments: { company_id: number | null; company_name: string | null; type_key: string; type_name: string }[];
  open_tickets: number;
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The sentences Manage Agents' delete confirmation puts before the catalogue's text: which
 * companies have the agent as default agent, which type assignments name it, and how many open
 * tickets go back to Backlog.
 */
export function agentPlacementsText(agentName: string, placements: AgentPlacements): string {
  const parts: string[] = [];
  if (placements.default_agent_of.length > 0) {
    parts.push(`${agentName} is the default agent of ${listed(placements.default_agent_of.map((c) => c.company_name))}.`);
  }
  const global = placements.type_assignments.filter((a) => a.company_id === null).map((a) => a.type_name);
  const companies = new Map<string, string[]>();
  for (const assignment of placements.type_assignments) {
    if (assignment.company_id === null) continue;
    const name = assignment.company_name ?? `Company ${assignment.company_id}`;
    companies.set(name, [...(companies.get(name) ?? []), assignment.type_name]);
  }
  const assigned = [
    ...(global.length > 0 ? [`${listed(global)} for all companies`] : []),
    ...[...companies].map(([company, types]) => `${listed(types)} at ${company}`),
  ];
  if (assigned.length > 0) parts.push(`${agentName} is assigned ${listed(assigned)}.`);
  if (parts.length > 0) parts.push('Deleting clears these.');
  else parts.push(`${agentName} is no company's default agent and has no type assignments.`);
  const tickets = placements.open_tickets;
  parts.push(tickets === 0
    ? 'No open tickets go back to Backlog.'
    : `${tickets} open ${tickets === 1 ? 'ticket goes' : 'tickets go'} back to Backlog, unassigned, with a note.`);
  return parts.join(' ');
}
