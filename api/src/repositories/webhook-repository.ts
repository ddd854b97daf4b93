import { PostgresAdapter, type Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { WebhookDeliveriesTable, WebhookEventsTable, WebhooksTable } from '../db/schema';

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;

/** A delivery with what sending it needs: its event and its endpoint. */
export interface DueDelivery {
  delivery: WebhookDeliveryRow;
  event: WebhookEventRow;
  webhook: WebhookRow;
}

export interface NewWebhookEvent {
  event_id: string;
  type: string;
  ticket_id: number | null;
  company_id: number | null;
  internal: number;
  urgent: number;
  payload: string;
  date_created: string;
}

const isPostgres = (db: PortalDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Inserts an event on `executor`: pass the transaction of the change it describes, so it exists if and only if the change does. */
export async function insertWebhookEvent(executor: PortalDb, event: NewWebhookEvent): Promise<void> {
  await executor.insertInto('webhook_events').values(event).execute();
}

/**
 * The webhooks, their events and deliveries (docs/decisions/0021-webhooks-from-an-event-outbox.md). Fan-out is an
 * insert-if-absent on (webhook, event) and sending leases rows as the mail outbox does, so any number of processes
 * may do both at once and each delivery is attempted by one of them at a time.
 */
export function createWebhookRepository(db: PortalDb, clock: () => Date) {
  return {
    list: (): Promise<WebhookRow[]> => db.selectFrom('webhooks').selectAll().orderBy('id').execute(),
    find: (id: number): Promise<WebhookRow | undefined> => db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst(),

    async add(trx: PortalDb, row: Omit<WebhookRow, 'id' | 'date_created' | 'active' | 'disabled_reason' | 'failing_since'>): Promise<number> {
      const { id } = await trx
        .insertInto('webhooks')
        .values({ ...row, active: 1, disabled_reason: null, failing_since: null, date_created: clock().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async update(trx: PortalDb, id: number, patch: Partial<Omit<WebhookRow, 'id' | 'date_created'>>): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await trx.updateTable('webhooks').set(patch).where('id', '=', id).execute();
    },
    async remove(trx: PortalDb, id: number): Promise<void> {
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      await trx.deleteFrom('webhooks').where('id', '=', id).execute();
    },

    /** An event for one endpoint alone ("Send test"): written fanned out, with its delivery, so no fan-out sends it elsewhere. */
    async addDirectDelivery(trx: PortalDb, webhookId: number, event: NewWebhookEvent): Promise<void> {
      const { id } = await trx.insertInto('webhook_events').values({ ...event, fanned_out: 1 }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('webhook_deliveries').values({
        webhook_id: webhookId, event_id: id, ticket_id: event.ticket_id, status: 'pending', attempts: 0, next_attempt_at: event.date_created,
        lease_owner: null, lease_until: null, last_status_code: null, last_answer: null, last_error: null, date_created: event.date_created, date_delivered: null,
      }).execute();
    },

    /** Events not yet fanned out, oldest first. */
    unfannedEvents: (limit: number): Promise<WebhookEventRow[]> =>
      db.selectFrom('webhook_events').selectAll().where('fanned_out', '=', 0).orderBy('id').limit(limit).execute(),

    /** Marks events fanned out that no endpoint wants. */
    async markFannedOut(eventIds: readonly number[]): Promise<void> {
      if (eventIds.length > 0) await db.updateTable('webhook_events').set({ fanned_out: 1 }).where('id', 'in', eventIds).execute();
    },

    /**
     * The deliveries of `event` (one per endpoint id) written if absent, and the event marked fanned out, in one
     * transaction: a second process doing the same meanwhile adds nothing.
     */
    async fanOut(event: WebhookEventRow, webhookIds: readonly number[], now: Date): Promise<number> {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        let added = 0;
        for (const webhookId of webhookIds) {
          const result = await trx
            .insertInto('webhook_deliveries')
            .values({
              webhook_id: webhookId, event_id: event.id, ticket_id: event.ticket_id, status: 'pending', attempts: 0, next_attempt_at: at,
              lease_owner: null, lease_until: null, last_status_code: null, last_answer: null, last_error: null, date_created: at, date_delivered: null,
            })
            .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
            .executeTakeFirst();
          added += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
        await trx.updateTable('webhook_events').set({ fanned_out: 1 }).where('id', '=', event.id).execute();
        return added;
      });
    },

    /**
     * Leases up to `limit` due deliveries of active endpoints to `owner`, skipping any with an earlier unfinished
     * delivery of the same ticket to the same endpoint (in order per ticket per endpoint).
     */
    async claimDue({ owner, now, leaseMs, limit }: { owner: string; now: Date; leaseMs: number; limit: number }): Promise<DueDelivery[]> {
      const nowIso = now.toISOString();
      const lease = { lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() };
      const due = (executor: PortalDb) =>
        executor
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
          .select('d.id')
          .where('d.status', '=', 'pending')
          .where('w.active', '=', 1)
          .where('d.next_attempt_at', '<=', nowIso)
          .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', nowIso)]))
          .where((eb) => eb.or([
            eb('d.ticket_id', 'is', null),
            eb.not(eb.exists(
              eb.selectFrom('webhook_deliveries as e')
                .select('e.id')
                .whereRef('e.webhook_id', '=', 'd.webhook_id')
                .whereRef('e.ticket_id', '=', 'd.ticket_id')
                .where('e.status', '=', 'pending')
                .whereRef('e.id', '<', 'd.id'),
            )),
          ]))
          .orderBy('d.id')
          .limit(limit);
      let ids: number[];
      if (isPostgres(db)) {
        ids = await db.transaction().execute(async (trx) => {
          const found = (await due(trx).forUpdate('d').skipLocked().execute()).map((row) => row.id);
          if (found.length === 0) return [];
          return (await trx.updateTable('webhook_deliveries').set(lease).where('id', 'in', found).returning('id').execute()).map((row) => row.id);
        });
      } else {
        const candidates = (await due(db).execute()).map((row) => row.id);
        if (candidates.length === 0) return [];
        ids = (await db
          .updateTable('webhook_deliveries')
          .set(lease)
          .where('id', 'in', candidates)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
          .returning('id')
          .execute()).map((row) => row.id);
      }
      if (ids.length === 0) return [];
      const deliveries = await db.selectFrom('webhook_deliveries').selectAll().where('id', 'in', ids).orderBy('id').execute();
      const events = await db.selectFrom('webhook_events').selectAll().where('id', 'in', deliveries.map((d) => d.event_id)).execute();
      const hooks = await db.selectFrom('webhooks').selectAll().where('id', 'in', deliveries.map((d) => d.webhook_id)).execute();
      return deliveries.flatMap((delivery) => {
        const event = events.find((e) => e.id === delivery.event_id);
        const webhook = hooks.find((w) => w.id === delivery.webhook_id);
        return event && webhook ? [{ delivery, event, webhook }] : [];
      });
    },

    /** An attempt's outcome, written only while `owner` holds the lease; false when it was lost. */
    async finish(
      id: number,
      owner: string,
      outcome: { status: 'pending' | 'delivered' | 'failed'; statusCode: number | null; answer: string | null; error: string | null; retryAt: Date | null; now: Date },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: outcome.status,
          attempts: eb('attempts', '+', 1),
          last_status_code: outcome.statusCode,
          last_answer: outcome.answer,
          last_error: outcome.error,
          next_attempt_at: (outcome.retryAt ?? outcome.now).toISOString(),
          date_delivered: outcome.status === 'delivered' ? outcome.now.toISOString() : null,
          lease_owner: null,
          lease_until: null,
        }))
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseLeases(owner: string): Promise<number> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ lease_owner: null, lease_until: null })
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A success clears the endpoint's failing streak; a failure starts it (kept when already running). */
    markSucceeded: async (webhookId: number): Promise<void> => {
      await db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhookId).where('failing_since', 'is not', null).execute();
    },
    markFailing: async (webhookId: number, since: Date): Promise<void> => {
      await db.updateTable('webhooks').set({ failing_since: since.toISOString() }).where('id', '=', webhookId).where('failing_since', 'is', null).execute();
    },

    /** Disables the endpoint unless another process did: true for the one that did (it tells the people). */
    async disable(trx: PortalDb, webhookId: number, reason: string): Promise<boolean> {
      const result = await trx
        .updateTable('webhooks').set({ active: 0, disabled_reason: reason }).where('id', '=', webhookId).where('active', '=', 1).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An endpoint's deliveries, newest first, with their event's id and type. */
    deliveries: (webhookId: number, { before, limit }: { before: number | null; limit: number }) =>
      db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .select([
          'd.id', 'd.status', 'd.attempts', 'd.last_status_code', 'd.last_answer', 'd.last_error', 'd.date_created', 'd.date_delivered',
          'd.next_attempt_at', 'e.event_id', 'e.type', 'e.ticket_id',
        ])
        .where('d.webhook_id', '=', webhookId)
        .$if(before !== null, (q) => q.where('d.id', '<', before!))
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute(),

    findDelivery: (webhookId: number, deliveryId: number) =>
      db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('webhook_id', '=', webhookId).executeTakeFirst(),

    /** Sends a delivery again: pending and due now, its attempts and 24 hours begun anew; the event id stays. */
    async redeliver(trx: PortalDb, deliveryId: number, now: Date): Promise<void> {
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString(), date_created: now.toISOString(), lease_owner: null, lease_until: null })
        .where('id', '=', deliveryId)
        .execute();
    },

    /** Events older than `before` whose deliveries are all done (or that had none) are removed, with their deliveries. */
    async removeOldEvents(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('webhook_events')
        .where('date_created', '<', before.toISOString())
        .where('fanned_out', '=', 1)
        .where((eb) => eb.not(eb.exists(
          eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'webhook_events.id').where('d.status', '=', 'pending'),
        )))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
