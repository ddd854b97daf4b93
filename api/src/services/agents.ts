import type { AgentContact, AgentPlacementsAnswer } from '@portal/contract';
import {
  MESSAGES, STATUS, agentRemovedNote, assignmentsWithout, auditChanges, hasSecondFactor, isAssignableStaff, parseTypeAssignments, payRateEffectiveFrom, ticketChanges,
  typeAssignmentKey, type Change, type TypeAssignments, type Viewer,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import { writeAudit, type AuditRecord } from '../repositories/audit-repository';
import { displayName } from '../repositories/contact-repository';
import { auditRecord, auditedChange, companyTarget, contactTarget, recorded, ticketTarget, type AuditActor } from './audit';
import { lookupOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';

// Manage Agents' writes on an agent (docs/product/companies-and-contacts.md#pay-rate,
// docs/product/companies-and-contacts.md#deleting-an-agent). Who may ask is the route's check (canManageAgents,
// canEditPayRate).

const TYPE_ASSIGNMENTS = 'type_assignments';
const DEFAULT_AGENT = 'default_agent';

interface CompanyAssignments {
  company_id: number;
  name: string;
  before: string | null;
  kept: TypeAssignments;
}

/** Type key -> the type's name ('incident_bug' -> 'Incident/Bug'), from the saved type list. */
async function typeNames(ctx: ServiceContext): Promise<Map<string, string>> {
  const types = await lookupOption(ctx.repos.options, 'type-defaults');
  return new Map(types.map((type) => [typeAssignmentKey(type.name), type.name]));
}

/** Where the agent is named, read on `executor` (a delete's transaction), with what clearing it leaves. */
async function placementsOf(ctx: ServiceContext, contactId: number, executor: PortalDb, typeName: Map<string, string>) {
  const { repos } = ctx;
  const [rows, globalText] = await Promise.all([
    repos.companies.agentMeta(contactId, executor),
    repos.options.storedValue(TYPE_ASSIGNMENTS, executor),
  ]);
  const nameOf = (key: string) => typeName.get(key) ?? key;
  const answer: AgentPlacementsAnswer = { default_agent_of: [], type_assignments: [], open_tickets: 0 };
  const global = assignmentsWithout(parseTypeAssignments(globalText), contactId);
  for (const key of global.removed) answer.type_assignments.push({ company_id: null, company_name: null, type_key: key, type_name: nameOf(key) });
  const companies: CompanyAssignments[] = [];
  for (const row of rows) {
    if (row.meta_key === DEFAULT_AGENT) {
      answer.default_agent_of.push({ company_id: row.company_id, company_name: row.name });
      continue;
    }
    const { kept, removed } = assignmentsWithout(parseTypeAssignments(row.meta_value), contactId);
    if (removed.length === 0) continue;
    companies.push({ company_id: row.company_id, name: row.name, before: row.meta_value, kept });
    for (const key of removed) {
      answer.type_assignments.push({ company_id: row.company_id, company_name: row.name, type_key: key, type_name: nameOf(key) });
    }
  }
  return { answer, companies, global: global.removed.length > 0 ? { before: globalText, kept: global.kept } : null };
}

/** GET /contact/:id/placements: where an active agent is named, and how many open tickets it holds; 404 for anyone else. */
export async function agentPlacements(ctx: ServiceContext, contactId: number): Promise<AgentPlacementsAnswer> {
  const { repos } = ctx;
  const target = await repos.contacts.findById(contactId);
  if (!target || !isAssignableStaff(target)) throw new HttpError(404, MESSAGES.contactNotFound);
  const [{ answer }, openTickets] = await Promise.all([
    placementsOf(ctx, contactId, ctx.db, await typeNames(ctx)),
    repos.contacts.openAssignedCount(contactId),
  ]);
  return { ...answer, open_tickets: openTickets };
}

/**
 * PUT /contact/:id/pay_rate: an active agent's new rate applies from the first of the current month in
 * `timeZone`: this month's entries and every later one are paid at it; earlier entries keep the rate
 * they were paid at (those that carried none get the old rate). With the trail's entry, in one
 * transaction. 404 for a missing contact, 409 for one that is not an active agent.
 */
export async function setPayRate(
  ctx: ServiceContext, actor: AuditActor, contactId: number, rate: number, timeZone: string,
): Promise<Written<AgentContact>> {
  const { repos } = ctx;
  const target = await repos.contacts.findById(contactId);
  if (!target) throw new HttpError(404, MESSAGES.contactNotFound);
  if (!isAssignableStaff(target)) throw new HttpError(409, MESSAGES.payRateNotSaved);
  const from = payRateEffectiveFrom(ctx.clock(), timeZone);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repos.contacts.payRate(contactId, trx);
    await repos.contacts.upsertMeta(trx, contactId, 'pay_rate', String(rate));
    await repos.time.stampPayRates(trx, contactId, from, before, rate);
    await writeAudit(trx, recorded(auditedChange(actor, 'contact.updated', contactTarget(target), { pay_rate: before }, { pay_rate: rate })), ctx.clock());
  });
  const { contact_id, first_name, last_name, email, phone, group_id } = target;
  const has_second_factor = hasSecondFactor(await repos.security.factors(contactId));
  return { result: { contact_id, first_name, last_name, email, phone, group_id, pay_rate: rate, has_second_factor }, changes: [{ kind: 'contact', contactId }] };
}

export interface AgentDeleted {
  ticketsUnassigned: number;
  cleared: AgentPlacementsAnswer;
}

/**
 * DELETE /contact/:id (docs/product/companies-and-contacts.md#deleting-an-agent): an active contact other than the
 * admin asking (409 otherwise: an admin never locks itself out) is deactivated; it stops being any company's
 * default agent and leaves every type assignment (the companies' and the global one); each of its open tickets
 * goes back to Backlog unassigned with a note saying why. The trail's entries are written in the same transaction.
 * The changes are those tickets', their notes' and the companies'.
 */
export async function deleteAgent(ctx: ServiceContext, actor: AuditActor, viewer: Viewer, contactId: number): Promise<Written<AgentDeleted>> {
  const { repos } = ctx;
  const [target, admin] = await Promise.all([repos.contacts.findById(contactId), repos.contacts.findById(viewer.contactId)]);
  if (!target) throw new HttpError(404, MESSAGES.contactNotFound);
  if (target.contact_id === viewer.contactId || target.active !== 1) throw new HttpError(409, MESSAGES.deleteAgentFailed);
  const agentName = displayName(target);
  const now = ctx.clock();
  const names = await typeNames(ctx);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const placements = await placementsOf(ctx, contactId, trx, names);
    const deactivated = await repos.contacts.deactivate(trx, contactId, now);
    if (!deactivated) return undefined;
    const audit: AuditRecord[] = [auditRecord(actor, 'contact.deactivated', contactTarget(target), [{ field: 'active', before: 1, after: 0 }])];
    for (const company of placements.answer.default_agent_of) {
      await repos.companies.setMeta(trx, company.company_id, DEFAULT_AGENT, null);
      audit.push(auditRecord(actor, 'company.updated', companyTarget({ company_id: company.company_id, name: company.company_name }), [
        { field: DEFAULT_AGENT, before: String(contactId), after: null },
      ]));
    }
    for (const company of placements.companies) {
      const after = JSON.stringify(company.kept);
      await repos.companies.setMeta(trx, company.company_id, TYPE_ASSIGNMENTS, after);
      audit.push(auditRecord(actor, 'company.updated', companyTarget(company), [{ field: TYPE_ASSIGNMENTS, before: company.before, after }]));
    }
    if (placements.global) {
      await repos.options.save(trx, TYPE_ASSIGNMENTS, placements.global.kept);
      audit.push(...recorded(auditedChange(actor, 'option.updated', { entityId: null, companyId: null, subject: TYPE_ASSIGNMENTS },
        { value: placements.global.before }, { value: JSON.stringify(placements.global.kept) })));
    }
    const note = agentRemovedNote(agentName);
    for (const ticket of deactivated.tickets) {
      await repos.activity.add(trx, {
        ticket_id: ticket.ticket_id, contact_id: viewer.contactId, contact_name: admin ? displayName(admin) : null, note, date_created: now.toISOString(),
      });
      audit.push(auditRecord(actor, 'ticket.updated', ticketTarget(ticket), auditChanges(ticket, {
        status_id: STATUS.backlog, assignee_id: null, date_assigned: null,
      })));
    }
    await writeAudit(trx, audit, ctx.clock());
    return { deactivated, placements };
  });
  if (!done) throw new HttpError(404, MESSAGES.contactNotFound);
  const { deactivated, placements } = done;
  const companyKeys = new Map<number, string[]>();
  for (const company of placements.answer.default_agent_of) companyKeys.set(company.company_id, [DEFAULT_AGENT]);
  for (const company of placements.companies) companyKeys.set(company.company_id, [...(companyKeys.get(company.company_id) ?? []), TYPE_ASSIGNMENTS]);
  const changes: Change[] = [
    ...deactivated.tickets.flatMap((ticket): Change[] => [
      ...ticketChanges(ticket, [contactId]),
      { kind: 'activity', ticketId: ticket.ticket_id, companyId: ticket.company_id },
    ]),
    ...[...companyKeys].map(([companyId, metaKeys]): Change => ({ kind: 'company', companyId, metaKeys })),
    // Deactivated: signed out in every process at once (docs/architecture.md#sessions-in-memory).
    { kind: 'session', contactId },
  ];
  return {
    result: { ticketsUnassigned: deactivated.ticketsUnassigned, cleared: { ...placements.answer, open_tickets: deactivated.ticketsUnassigned } },
    changes,
  };
}
