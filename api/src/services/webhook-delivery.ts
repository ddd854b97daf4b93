import {
  WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_EVENT_RETENTION_MS, WEBHOOK_MESSAGES, lookupName, parseAllowedHosts, slackMessage, teamsMessage, webhookMatches,
  webhookRetryAt, type ChatFacts,
} from '@portal/domain';
import type { DueDelivery, WebhookEventRow, WebhookRow } from '../repositories/webhook-repository';
import { seal, secretsKeyFor, unseal } from '../secret-box';
import { mailTranslator, perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import { ticketLink } from './mail-templates';
import { lookupOption } from './option-defaults';
import type { ServiceContext } from './service-context';
import type { ResolveAll } from './webhook-address';
import { postOnce, signatureOf } from './webhook-request';

// Sending webhooks (docs/decisions/0021-webhooks-from-an-event-outbox.md): the job runner fans recorded events out to
// the endpoints that want them, then leases due deliveries and POSTs them, signed, to addresses the guard checked.

/** The option admins keep their allowed private hosts in (the Webhooks tab). */
export const WEBHOOK_ALLOWED_HOSTS_OPTION = 'webhook_allowed_hosts';
/** Longer than a pass's worst case (50 deliveries, 8 at a time, 10 s each): a lease never runs out under its runner. */
const LEASE_MS = 5 * 60_000;
const BATCH = 50;
/** Requests in flight at once per pass: a slow endpoint does not hold up the others. */
const PARALLEL = 8;

const secretContext = (webhookId: number) => `webhook:${webhookId}`;
export const sealWebhookSecret = (ctx: Pick<ServiceContext, 'config'>, webhookId: number, secret: string) =>
  seal(secretsKeyFor(ctx.config), secret, secretContext(webhookId));
export const openWebhookSecret = (ctx: Pick<ServiceContext, 'config'>, webhook: Pick<WebhookRow, 'id' | 'secret'>) =>
  unseal(secretsKeyFor(ctx.config), webhook.secret, secretContext(webhook.id));

/** The hosts allowed to be private: WEBHOOK_ALLOWED_HOSTS and the admins' list. */
export async function allowedWebhookHosts(ctx: ServiceContext): Promise<string[]> {
  const stored = await ctx.repos.options.get(WEBHOOK_ALLOWED_HOSTS_OPTION);
  return [...ctx.config.webhookAllowedHosts, ...(typeof stored === 'string' ? parseAllowedHosts(stored) : [])];
}

export const filterOf = (webhook: WebhookRow) => ({
  events: JSON.parse(webhook.events) as string[],
  company_id: webhook.company_id,
  urgent_only: webhook.urgent_only === 1,
  staff_only: webhook.staff_only === 1,
});

/** Writes the deliveries of the events not yet fanned out; any number of processes may run it at once. */
export async function fanOutWebhookEvents(ctx: ServiceContext): Promise<number> {
  const { repos } = ctx;
  let added = 0;
  for (;;) {
    const events = await repos.webhooks.unfannedEvents(200);
    if (events.length === 0) return added;
    // A disabled endpoint's deliveries are written too: they wait, and go out once it is enabled.
    const hooks = await repos.webhooks.list();
    const unheard: number[] = [];
    for (const event of events) {
      const facts = { type: event.type, company_id: event.company_id, urgent: event.urgent === 1, internal: event.internal === 1 };
      // An endpoint hears what happens from its creation on.
      const ids = hooks.filter((hook) => hook.date_created <= event.date_created && webhookMatches(filterOf(hook), facts)).map((hook) => hook.id);
      if (ids.length === 0) unheard.push(event.id);
      else added += await repos.webhooks.fanOut(event, ids, ctx.clock());
    }
    // Events no endpoint wants (every event of a portal without webhooks) are marked in one statement, not one each.
    await repos.webhooks.markFannedOut(unheard);
  }
}

/** The JSON body every format starts from: `{ id, type, created_at, data }`. */
export const eventBody = (event: Pick<WebhookEventRow, 'event_id' | 'type' | 'date_created' | 'payload'>) =>
  ({ id: event.event_id, type: event.type, created_at: event.date_created, data: JSON.parse(event.payload) as Record<string, unknown> });

interface TicketData { id: number; company_id: number; title: string; priority_id: number; status_id: number; contact_id?: number | null }

/** What a chat message says, read now: names of the company, the person, the priority and the status. */
async function chatFacts(ctx: ServiceContext, event: WebhookEventRow): Promise<ChatFacts> {
  const data = JSON.parse(event.payload) as { ticket?: TicketData; note?: { text: string; author: string | null }; time_entry?: { contact_name: string; units: number }; invoice?: { number: string; company_name: string; total: string } };
  const ticket = data.ticket;
  const [priorities, statuses, company, requester] = await Promise.all([
    lookupOption(ctx.repos.options, 'priority-defaults'),
    lookupOption(ctx.repos.options, 'status-defaults'),
    event.company_id === null ? undefined : ctx.repos.companies.findById(event.company_id),
    ticket?.contact_id ? ctx.repos.contacts.fullName(ticket.contact_id) : null,
  ]);
  const who = data.note?.author ?? data.time_entry?.contact_name ?? requester ?? null;
  const detail = data.note?.text ?? (data.time_entry ? `${data.time_entry.units * 6} minutes` : null) ?? (data.invoice ? `${data.invoice.number}: ${data.invoice.total}` : null);
  return {
    type: event.type,
    ticketId: ticket?.id ?? null,
    title: ticket?.title ?? null,
    priority: ticket ? lookupName(priorities, ticket.priority_id) : null,
    status: ticket ? lookupName(statuses, ticket.status_id) : null,
    who,
    company: company?.name ?? data.invoice?.company_name ?? null,
    link: ticket ? ticketLink(ctx.config.publicUrl, { company_id: ticket.company_id, ticket_id: ticket.id }) : null,
    detail,
  };
}

/** The body sent to `webhook` for `event`, as its format speaks. */
export async function deliveryBody(ctx: ServiceContext, webhook: WebhookRow, event: WebhookEventRow): Promise<string> {
  if (webhook.format === 'json') {
    const body = eventBody(event);
    const ticket = body.data.ticket as TicketData | undefined;
    if (ticket) body.data.ticket = { ...ticket, url: ticketLink(ctx.config.publicUrl, { company_id: ticket.company_id, ticket_id: ticket.id }) };
    return JSON.stringify(body);
  }
  const facts = await chatFacts(ctx, event);
  return JSON.stringify(webhook.format === 'slack' ? slackMessage(facts) : teamsMessage(facts));
}

export interface WebhookSendOptions {
  owner: string;
  shouldStop?: () => boolean;
  /** Tests: a resolver of their own (a name answering 10.x). */
  resolve?: ResolveAll;
  timeoutMs?: number;
}

export interface WebhookSendSummary {
  delivered: number;
  retrying: number;
  failed: number;
  disabled: number;
}

/** Tells the creator and the admins that an endpoint was disabled: a bell notification and a mail, through the outbox. */
async function disableEndpoint(ctx: ServiceContext, webhook: WebhookRow): Promise<boolean> {
  const { repos } = ctx;
  const admins = await repos.contacts.listAdmins();
  const creator = webhook.created_by === null ? undefined : await repos.contacts.findById(webhook.created_by);
  const people = [...admins, ...(creator && creator.active === 1 && !admins.some((a) => a.contact_id === creator.contact_id) ? [creator] : [])];
  const note = WEBHOOK_MESSAGES.disabledNotice(webhook.url);
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.webhooks.disable(trx, webhook.id, WEBHOOK_MESSAGES.disabledAfterFailures))) return false;
    await repos.notifications.addMany(trx, people.map((p) => ({ contact_id: p.contact_id, ticket_id: null, note, date_created: now.toISOString() })));
    const link = `${ctx.config.publicUrl}/admins/settings/webhooks`;
    const mail = perLanguage((language) => {
      const t = mailTranslator(language);
      return { subject: t('webhook.subject'), text: `${t('webhook.notice', { url: webhook.url })}\n\n${t('webhook.seeAt', { link })}` };
    });
    const languageOf = await contactLanguages(trx, people.map((person) => person.contact_id));
    for (const person of people) await repos.mailOutbox.add(trx, { to: person.email, ...mail(languageOf(person.contact_id)) });
    return true;
  });
}

async function attempt(ctx: ServiceContext, due: DueDelivery, options: WebhookSendOptions, allowedHosts: readonly string[], summary: WebhookSendSummary) {
  const { repos } = ctx;
  const { delivery, event, webhook } = due;
  const body = await deliveryBody(ctx, webhook, event);
  const timestamp = Math.floor(ctx.clock().getTime() / 1000);
  const result = await postOnce(new URL(webhook.url), body, {
    'Portal-Signature': signatureOf(openWebhookSecret(ctx, webhook), timestamp, body),
    'Portal-Event': event.type,
    'Portal-Delivery': event.event_id,
  }, { allowedHosts, resolve: options.resolve, timeoutMs: options.timeoutMs });
  const now = ctx.clock();
  const retryAt = result.ok ? null : webhookRetryAt(delivery.attempts + 1, new Date(delivery.date_created), now);
  const status = result.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
  const written = await repos.webhooks.finish(delivery.id, options.owner, { status, statusCode: result.statusCode, answer: result.answer, error: result.error, retryAt, now });
  if (!written) return;
  if (result.ok) {
    summary.delivered++;
    await repos.webhooks.markSucceeded(webhook.id);
    return;
  }
  if (status === 'failed') summary.failed++;
  else summary.retrying++;
  ctx.log.warn({ webhook_id: webhook.id, delivery_id: delivery.id, status_code: result.statusCode, error: result.error }, 'webhook delivery failed');
  await repos.webhooks.markFailing(webhook.id, now);
  const current = await repos.webhooks.find(webhook.id);
  if (current?.active === 1 && current.failing_since && now.getTime() - Date.parse(current.failing_since) >= WEBHOOK_DISABLE_AFTER_MS) {
    if (await disableEndpoint(ctx, current)) {
      summary.disabled++;
      ctx.log.warn({ webhook_id: webhook.id }, 'webhook disabled after 24 hours of failures');
    }
  }
}

/** Fans out new events, then sends every delivery due now (retries scheduled later stay for later). */
export async function sendDueWebhooks(ctx: ServiceContext, options: WebhookSendOptions): Promise<WebhookSendSummary> {
  const summary: WebhookSendSummary = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  await fanOutWebhookEvents(ctx);
  const allowedHosts = await allowedWebhookHosts(ctx);
  while (!options.shouldStop?.()) {
    const claimed = await ctx.repos.webhooks.claimDue({ owner: options.owner, now: ctx.clock(), leaseMs: LEASE_MS, limit: BATCH });
    if (claimed.length === 0) break;
    // PARALLEL requests in flight, each slot taking the next delivery as soon as it is free: a receiver that does not
    // answer holds one slot for its 10 s, not the others.
    const queue = [...claimed];
    const slot = async () => {
      for (let due = queue.shift(); due; due = queue.shift()) {
        await attempt(ctx, due, options, allowedHosts, summary).catch((error: unknown) => {
          // Its lease runs out and it is tried again; the others of the pass go on.
          ctx.log.error({ err: error, delivery_id: due!.delivery.id }, 'webhook delivery not attempted');
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, slot));
  }
  return summary;
}

/** Events older than 30 days with nothing pending are removed with their deliveries. */
export const removeOldWebhookEvents = (ctx: ServiceContext): Promise<number> =>
  ctx.repos.webhooks.removeOldEvents(new Date(ctx.clock().getTime() - WEBHOOK_EVENT_RETENTION_MS));

export interface WebhookPump {
  /** Fans new events out (when `fanOut`) and starts as many due deliveries as there are free slots. */
  kick(fanOut?: boolean): Promise<void>;
  /** Starts nothing more and waits for the requests in flight. */
  stop(): Promise<void>;
  readonly inFlight: number;
}

/**
 * The job runner's way of sending (docs/decisions/0021-webhooks-from-an-event-outbox.md): up to `maxInFlight` requests
 * at once, and each one that ends frees its slot for the next due delivery at once (the next of the same ticket to
 * the same endpoint among them). A receiver that does not answer holds one slot for its 10 s, never the others, and
 * nothing waits for a pass to end.
 */
export function createWebhookPump(ctx: ServiceContext, options: WebhookSendOptions & { maxInFlight: number }): WebhookPump {
  const inFlight = new Set<Promise<void>>();
  const summary: WebhookSendSummary = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  let filling: Promise<void> | null = null;
  let again = false;
  let fanOutNext = false;
  let stopped = false;

  async function fill(): Promise<void> {
    do {
      again = false;
      if (fanOutNext) {
        fanOutNext = false;
        await fanOutWebhookEvents(ctx);
      }
      const free = options.maxInFlight - inFlight.size;
      if (free <= 0 || stopped) return;
      const allowedHosts = await allowedWebhookHosts(ctx);
      const claimed = await ctx.repos.webhooks.claimDue({ owner: options.owner, now: ctx.clock(), leaseMs: LEASE_MS, limit: free });
      for (const due of claimed) {
        const run: Promise<void> = attempt(ctx, due, options, allowedHosts, summary)
          .catch((error: unknown) => ctx.log.error({ err: error, delivery_id: due.delivery.id }, 'webhook delivery not attempted'))
          .finally(() => {
            inFlight.delete(run);
            if (!stopped) void kick().catch(() => undefined);
          });
        inFlight.add(run);
      }
    } while (again && !stopped);
  }

  function kick(fanOut = false): Promise<void> {
    if (fanOut) fanOutNext = true;
    if (filling) {
      again = true;
      return filling;
    }
    filling = fill().finally(() => {
      filling = null;
    });
    return filling;
  }

  return {
    kick,
    async stop() {
      stopped = true;
      await filling?.catch(() => undefined);
      await Promise.all(inFlight);
    },
    get inFlight() {
      return inFlight.size;
    },
  };
}
