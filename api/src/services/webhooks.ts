import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookCreated, WebhookDelivery, webhookSave } from '@portal/contract';
import { MESSAGES, WEBHOOK_MESSAGES, parseAllowedHosts, webhookUrlProblem, type Viewer } from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import type { WebhookRow } from '../repositories/webhook-repository';
import { auditedChange, auditedSnapshot, recorded, type AuditActor } from './audit';
import type { ServiceContext } from './service-context';
import { isRefusedLiteral } from './webhook-address';
import { WEBHOOK_ALLOWED_HOSTS_OPTION, allowedWebhookHosts, sealWebhookSecret } from './webhook-delivery';
import { newWebhookEventId } from './webhook-events';

// The admins' webhooks (docs/product/integrations.md#webhooks): each change audited in its transaction; the signing
// secret is made here, sealed before it is stored and answered once.

type WebhookSaveBody = z.output<typeof webhookSave>;

const notFound = () => new HttpError(404, WEBHOOK_MESSAGES.notFound);
/** A signing secret: `whsec_` and 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function present(ctx: ServiceContext, row: WebhookRow): Promise<Webhook> {
  const company = row.company_id === null ? undefined : await ctx.repos.companies.findById(row.company_id);
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    company_id: row.company_id,
    company_name: company?.name ?? null,
    format: row.format,
    urgent_only: row.urgent_only === 1,
    staff_only: row.staff_only === 1,
    active: row.active === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    date_created: row.date_created,
  };
}

/** What the trail keeps of an endpoint: its settings, never its secret. */
const audited = (body: WebhookSaveBody) => ({
  url: body.url, events: body.events.join(','), company_id: body.company_id, format: body.format, urgent_only: body.urgent_only, staff_only: body.staff_only,
});

async function checked(ctx: ServiceContext, body: WebhookSaveBody): Promise<void> {
  const problem = webhookUrlProblem(body.url);
  if (problem) throw new HttpError(400, problem);
  if (isRefusedLiteral(new URL(body.url), await allowedWebhookHosts(ctx))) throw new HttpError(400, WEBHOOK_MESSAGES.refusedAddress);
  if (body.company_id !== null && !(await ctx.repos.companies.findById(body.company_id))) throw new HttpError(400, MESSAGES.companyNotFound);
}

export async function listWebhooks(ctx: ServiceContext): Promise<Webhook[]> {
  return Promise.all((await ctx.repos.webhooks.list()).map((row) => present(ctx, row)));
}

export async function createWebhook(ctx: ServiceContext, viewer: Viewer, actor: AuditActor, body: WebhookSaveBody): Promise<WebhookCreated> {
  await checked(ctx, body);
  const secret = newSecret();
  const now = ctx.clock();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await ctx.repos.webhooks.add(trx, {
      url: body.url, secret: '', events: JSON.stringify(body.events), company_id: body.company_id, format: body.format,
      urgent_only: body.urgent_only ? 1 : 0, staff_only: body.staff_only ? 1 : 0, created_by: viewer.contactId,
    });
    // Sealed with its own id as context: a sealed secret copied to another row does not open.
    await ctx.repos.webhooks.update(trx, created, { secret: sealWebhookSecret(ctx, created, secret) });
    await writeAudit(trx, [auditedSnapshot(actor, 'webhook.created', { entityId: created, companyId: body.company_id, subject: body.url }, audited(body), 'created')], now);
    return created;
  });
  return { ...(await present(ctx, (await ctx.repos.webhooks.find(id))!)), secret };
}

export async function updateWebhook(ctx: ServiceContext, actor: AuditActor, id: number, body: WebhookSaveBody): Promise<Webhook> {
  const current = await ctx.repos.webhooks.find(id);
  if (!current) throw notFound();
  await checked(ctx, body);
  const before = audited({
    url: current.url, events: JSON.parse(current.events) as WebhookSaveBody['events'], company_id: current.company_id, format: current.format,
    urgent_only: current.urgent_only === 1, staff_only: current.staff_only === 1,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.update(trx, id, {
      url: body.url, events: JSON.stringify(body.events), company_id: body.company_id, format: body.format,
      urgent_only: body.urgent_only ? 1 : 0, staff_only: body.staff_only ? 1 : 0,
    });
    await writeAudit(trx, recorded(auditedChange(actor, 'webhook.updated', { entityId: id, companyId: body.company_id, subject: body.url }, before, audited(body))), ctx.clock());
  });
  return present(ctx, (await ctx.repos.webhooks.find(id))!);
}

export async function deleteWebhook(ctx: ServiceContext, actor: AuditActor, id: number): Promise<void> {
  const current = await ctx.repos.webhooks.find(id);
  if (!current) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.remove(trx, id);
    await writeAudit(trx, [auditedSnapshot(actor, 'webhook.deleted', { entityId: id, companyId: current.company_id, subject: current.url }, { url: current.url }, 'deleted')], ctx.clock());
  });
}

/** A new signing secret, answered once; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: ServiceContext, actor: AuditActor, id: number): Promise<WebhookCreated> {
  const current = await ctx.repos.webhooks.find(id);
  if (!current) throw notFound();
  const secret = newSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.update(trx, id, { secret: sealWebhookSecret(ctx, id, secret) });
    await writeAudit(trx, [auditedSnapshot(actor, 'webhook.updated', { entityId: id, companyId: current.company_id, subject: current.url }, { secret: 'rotated' }, 'created')], ctx.clock());
  });
  return { ...(await present(ctx, current)), secret };
}

/** A disabled endpoint enabled again: its failing streak starts anew and its pending deliveries go out. */
export async function enableWebhook(ctx: ServiceContext, actor: AuditActor, id: number): Promise<Webhook> {
  const current = await ctx.repos.webhooks.find(id);
  if (!current) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.update(trx, id, { active: 1, disabled_reason: null, failing_since: null });
    await writeAudit(trx, recorded(auditedChange(actor, 'webhook.updated', { entityId: id, companyId: current.company_id, subject: current.url }, { active: current.active === 1 }, { active: true })), ctx.clock());
  });
  return present(ctx, (await ctx.repos.webhooks.find(id))!);
}

/** "Send test": a `webhook.test` event for this endpoint alone, delivered, signed and logged as any other. */
export async function sendTestEvent(ctx: ServiceContext, id: number): Promise<void> {
  const current = await ctx.repos.webhooks.find(id);
  if (!current) throw notFound();
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.addDirectDelivery(trx, id, {
      event_id: newWebhookEventId(), type: 'webhook.test', ticket_id: null, company_id: null, internal: 0, urgent: 0,
      payload: JSON.stringify({ message: 'A test event from the portal.' }), date_created: now.toISOString(),
    });
  });
  ctx.repos.workQueued.notify();
}

export async function webhookDeliveries(ctx: ServiceContext, id: number, before: number | null): Promise<WebhookDelivery[]> {
  if (!(await ctx.repos.webhooks.find(id))) throw notFound();
  return ctx.repos.webhooks.deliveries(id, { before, limit: 50 });
}

/** A delivery sent again with the same event id (and body): a new attempt, its 24 hours begun anew. */
export async function redeliverWebhook(ctx: ServiceContext, actor: AuditActor, id: number, deliveryId: number): Promise<void> {
  const webhook = await ctx.repos.webhooks.find(id);
  const delivery = webhook && (await ctx.repos.webhooks.findDelivery(id, deliveryId));
  if (!webhook || !delivery) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.webhooks.redeliver(trx, deliveryId, ctx.clock());
    await writeAudit(trx, [auditedSnapshot(actor, 'webhook.redelivered', { entityId: id, companyId: webhook.company_id, subject: webhook.url }, { delivery: deliveryId }, 'created')], ctx.clock());
  });
  ctx.repos.workQueued.notify();
}

export async function webhookSettingsOf(ctx: ServiceContext): Promise<{ allowed_hosts: string }> {
  const stored = await ctx.repos.options.get(WEBHOOK_ALLOWED_HOSTS_OPTION);
  return { allowed_hosts: typeof stored === 'string' ? stored : '' };
}

export async function saveWebhookSettings(ctx: ServiceContext, actor: AuditActor, body: { allowed_hosts: string }): Promise<{ allowed_hosts: string }> {
  const before = await webhookSettingsOf(ctx);
  const allowed = parseAllowedHosts(body.allowed_hosts).join('\n');
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.options.save(trx, WEBHOOK_ALLOWED_HOSTS_OPTION, allowed);
    await writeAudit(trx, recorded(auditedChange(actor, 'webhook.updated', { entityId: null, companyId: null, subject: 'Allowed private hosts' }, before, { allowed_hosts: allowed })), ctx.clock());
  });
  return { allowed_hosts: allowed };
}
