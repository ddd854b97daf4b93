import type { Company, MetaEntry, companyCreate, companyUpdate } from '@portal/contract';
import { ticketChanges, type Change, type CompanyMetaKey } from '@portal/domain';
import type { z } from 'zod';
import { writeAudit } from '../repositories/audit-repository';
import { auditedChange, auditedSnapshot, companyTarget, recorded, ticketTarget, type AuditActor } from './audit';
import {
  checkedCompanyUrl, checkedDefaultAgent, checkedMetaValue, checkedMode, checkedServices, ensureUrlFree, whileUrlFree,
} from './company-settings';
import type { ServiceContext, Written } from './service-context';
import { lookupOption } from './option-defaults';
import { planModeClosing, statusLines, type LineAuthor } from './ticket-workflow';

// A company's own writes: creating one, saving its fields and settings (with the mode side
// effect on its tickets), and saving one meta key. Deleting is services/company-deletion.ts, its
// contacts services/company-contacts.ts. Who may send which field is the route's check.

type CreateBody = z.output<typeof companyCreate>;
/** PUT /company/:id's fields, the body's company_id checked and left out by the route. */
export type CompanyEdit = Omit<z.output<typeof companyUpdate>, 'company_id'>;

/**
 * POST /company: a company with its `status` meta and the trail's entry, in one transaction.
 * 400 for a bad name or URL or an unknown mode, 409 for a site another company has.
 */
export async function createCompany(ctx: ServiceContext, actor: AuditActor, body: CreateBody): Promise<Written<number>> {
  const { repos } = ctx;
  const { name, description, mode } = body;
  const url = checkedCompanyUrl(name, body.url);
  await ensureUrlFree(repos, url);
  const fields = { name, url, description, mode: await checkedMode(repos, mode ?? 1) };
  const companyId = await whileUrlFree(() => ctx.db.transaction().execute(async (trx) => {
    const id = await repos.companies.create(trx, fields);
    await writeAudit(trx, [auditedSnapshot(actor, 'company.created', companyTarget({ company_id: id, name }), fields, 'created')], ctx.clock());
    return id;
  }));
  return { result: companyId, changes: [{ kind: 'company', companyId }] };
}

/**
 * PUT /company/:id: the fields and settings sent, checked (400, or 409 for a site another company
 * has), then in one transaction the company row first, its meta, and when a mode is sent its open
 * tickets as the mode side effect plans them (docs/product/companies-and-contacts.md#mode-side-effect),
 * each with its audit entry, so a failed write undoes everything. Answers how many tickets changed.
 */
export async function updateCompany(ctx: ServiceContext, actor: AuditActor, current: Company, edit: CompanyEdit): Promise<Written<number>> {
  const { repos } = ctx;
  const companyId = current.company_id;
  const { name, description, mode, note, services, default_agent: defaultAgent } = edit;
  const url = edit.url === undefined ? undefined : checkedCompanyUrl(name ?? current.name, edit.url);
  if (url !== undefined) await ensureUrlFree(repos, url, companyId);
  const meta = {
    services: services === undefined ? undefined : await checkedServices(repos, services),
    default_agent: defaultAgent === undefined ? undefined : await checkedDefaultAgent(repos, defaultAgent),
  };
  const fields = { name, url, description, note, mode: mode === undefined ? undefined : await checkedMode(repos, mode) };
  const now = ctx.clock();
  // A mode that closes the company's tickets writes each one's status line (docs/product/tickets.md#status-lines), signed by the admin.
  const [statuses, author] = fields.mode === undefined ? [[], null] : await Promise.all([
    lookupOption(repos.options, 'status-defaults'),
    actor.actorId === null ? null : repos.contacts.fullName(actor.actorId),
  ]);
  const lineAuthor: LineAuthor = { contact_id: actor.actorId, contact_name: author };
  const { changed, closed } = await whileUrlFree(() => ctx.db.transaction().execute(async (trx) => {
    // Read in the transaction: the trail's before values are the ones this save replaces.
    const before = await repos.companies.findWithMeta(companyId, trx);
    if (before) {
      await writeAudit(trx, recorded(auditedChange(
        actor, 'company.updated', companyTarget(before.company), { ...before.company, ...before.meta }, { ...fields, ...meta },
      )), ctx.clock());
    }
    await repos.companies.update(trx, companyId, fields, meta);
    if (fields.mode === undefined) return { changed: 0, closed: [] };
    const open = await repos.companies.openTickets(companyId, trx);
    const rows = new Map(open.map((row) => [row.ticket_id, row]));
    const planned = planModeClosing(fields.mode, open, now).filter((plan) => Object.keys(plan.patch).length > 0);
    await repos.companies.updateTickets(trx, companyId, planned);
    const tickets = planned.flatMap((plan) => {
      const row = rows.get(plan.ticket_id);
      return row ? [{ row, patch: plan.patch }] : [];
    });
    await writeAudit(trx, recorded(...tickets.map(({ row, patch }) => auditedChange(actor, 'ticket.updated', ticketTarget(row), row, patch))), ctx.clock());
    await repos.activity.addMany(trx, tickets.flatMap(({ row, patch }) => statusLines(row, patch, statuses, lineAuthor, now.toISOString())));
    return {
      changed: planned.length,
      closed: tickets.flatMap(({ row }) => [...ticketChanges(row, [row.assignee_id]), { kind: 'activity' as const, ticketId: row.ticket_id, companyId: row.company_id }]),
    };
  }));
  const metaKeys = Object.entries(meta).filter(([, value]) => value !== undefined).map(([key]) => key);
  if (fields.mode !== undefined) metaKeys.push('status');
  const changes: Change[] = [{ kind: 'company', companyId, metaKeys }, ...closed];
  return { result: changed, changes };
}

/**
 * PUT /company/:id/meta/:key: the value checked for its key (400), then stored with the trail's
 * entry in one transaction. Answers the stored entry.
 */
export async function saveCompanyMeta(
  ctx: ServiceContext, actor: AuditActor, companyId: number, key: CompanyMetaKey, text: string | null,
): Promise<Written<MetaEntry>> {
  const { repos } = ctx;
  const value = await checkedMetaValue(repos, key, text);
  const company = await repos.companies.findById(companyId);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repos.companies.metaValue(companyId, key, trx);
    await repos.companies.setMeta(trx, companyId, key, value);
    await writeAudit(trx, recorded(
      auditedChange(actor, 'company.updated', { entityId: companyId, companyId, subject: company?.name ?? null }, { [key]: before }, { [key]: value }),
    ), ctx.clock());
  });
  const saved = await repos.companies.getMeta(companyId, key);
  if (!saved) throw new Error(`company meta ${key} not readable after saving`);
  return { result: saved, changes: [{ kind: 'company', companyId, metaKeys: [key] }] };
}
