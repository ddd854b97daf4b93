import { isWatchList, LIVE_STREAM_ID, type Change, type ChangeKind } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * How a published change reaches every API process that holds open streams (docs/architecture.md#scale). The
 * plugin (events.ts) picks one: `deliver` is called once per change in every process, this one included.
 */
export interface EventTransport {
  readonly name: 'local' | 'cluster' | 'postgres';
  /** Starts receiving; `deliver` hands changes to this process's streams, `resync` tells them to catch up after a gap. */
  start(deliver: (changes: Change[]) => void, resync: () => void): Promise<void>;
  publish(changes: Change[]): Promise<void>;
  close(): Promise<void>;
}

/** Every kind, once: a kind added to Change and missing here fails to compile (it would never cross processes). */
const KIND_NAMES: Record<ChangeKind, true> = {
  ticket: true, activity: true, time: true, tasks: true, attachments: true, notifications: true, company: true,
  option: true, templates: true, message: true, invoice: true, session: true, contact: true, watch: true,
};
const KINDS: ReadonlySet<string> = new Set(Object.keys(KIND_NAMES));

/** A change as it arrives from another process: the shape checked, never trusted blindly. */
export function isChange(value: unknown): value is Change {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return false;
  // A session change says whose sessions to drop: a contact's id, or 'all'.
  if (kind === 'session') {
    const contactId = (value as { contactId?: unknown }).contactId;
    return contactId === 'all' || Number.isInteger(contactId);
  }
  // A watch list: whose stream, and paths within the bounds POST /events/watch checks.
  if (kind === 'watch') {
    const { contactId, stream, seq, keys } = value as { contactId?: unknown; stream?: unknown; seq?: unknown; keys?: unknown };
    if (!Number.isInteger(contactId) || !Number.isSafeInteger(seq) || typeof stream !== 'string' || !LIVE_STREAM_ID.test(stream)) return false;
    if (keys === null) return true;
    return Array.isArray(keys) && keys.every((key) => typeof key === 'string') && isWatchList(keys as string[]);
  }
  return true;
}

/** One process (and the tests): delivered at once. */
export function localTransport(): EventTransport {
  let deliver: ((changes: Change[]) => void) | undefined;
  return {
    name: 'local',
    async start(onChanges) {
      deliver = onChanges;
    },
    async publish(changes) {
      deliver?.(changes);
    },
    async close() {
      deliver = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cluster IPC (one machine, SQLite, `npm start` with WORKERS > 1).
//
// The message, both ways, exactly:   { type: 'portal:event', change: Change }
//   worker -> primary: process.send(message) after a write commits (the worker has already
//                      delivered it to its own streams);
//   primary -> worker: the primary's relay (scripts/start.ts) forwards each such message from a
//                      worker to every OTHER worker, unchanged; a worker delivers what it receives.
// Anything else on the channel is ignored.
// ---------------------------------------------------------------------------------------------

export const CLUSTER_EVENT_TYPE = 'portal:event';

export interface ClusterEventMessage {
  type: typeof CLUSTER_EVENT_TYPE;
  change: Change;
}

export function isClusterEventMessage(message: unknown): message is ClusterEventMessage {
  return typeof message === 'object' && message !== null
    && (message as { type?: unknown }).type === CLUSTER_EVENT_TYPE && isChange((message as { change?: unknown }).change);
}

/** The part of `process` a worker talks to its primary through (a fake one in tests). */
export interface ClusterChannel {
  send?: (message: ClusterEventMessage, callback: (error: Error | null) => void) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function clusterTransport(channel: ClusterChannel, log: Pick<FastifyBaseLogger, 'warn'>): EventTransport {
  let deliver: ((changes: Change[]) => void) | undefined;
  const onMessage = (message: unknown) => {
    if (isClusterEventMessage(message)) deliver?.([message.change]);
  };
  return {
    name: 'cluster',
    async start(onChanges) {
      deliver = onChanges;
      channel.on('message', onMessage);
    },
    async publish(changes) {
      deliver?.(changes);
      for (const change of changes) {
        try {
          channel.send?.({ type: CLUSTER_EVENT_TYPE, change }, (error) => {
            if (error) log.warn({ err: error }, 'live event not sent to the primary');
          });
        } catch (error) {
          // The primary is gone (shutdown): this process's own streams already have the change.
          log.warn({ err: error }, 'live event not sent to the primary');
        }
      }
    },
    async close() {
      channel.off('message', onMessage);
      deliver = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL LISTEN/NOTIFY (any number of processes and machines on one database).
//
// Every process LISTENs on one channel through a dedicated connection and publishes with
// pg_notify(channel, payload); a change is delivered from the notification only, so the publishing
// process gets it once, like every other. Payload: a JSON array of changes, kept well under
// PostgreSQL's 8000-byte limit. The channel is `portal_events`, suffixed with the schema when the
// database URL selects another one (the test suite's schemas, two portals on one database), since
// NOTIFY channels are database-wide.
// ---------------------------------------------------------------------------------------------

export const PG_EVENT_CHANNEL = 'portal_events';
const PAYLOAD_MAX_BYTES = 7000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** Changes packed into JSON arrays of at most PAYLOAD_MAX_BYTES each. */
export function notifyPayloads(changes: readonly Change[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const change of changes) {
    const json = JSON.stringify(change);
    const size = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && bytes + size > PAYLOAD_MAX_BYTES) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(json);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

export interface PostgresTransportOptions {
  connectionString: string;
  /** Runs the NOTIFY on the application's pool (any connection will do). */
  notify(channel: string, payloads: string[]): Promise<void>;
  log: FastifyBaseLogger;
}

export function postgresTransport(options: PostgresTransportOptions): EventTransport {
  const { connectionString, notify, log } = options;
  let channel = PG_EVENT_CHANNEL;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let deliver: (changes: Change[]) => void = () => undefined;
  let resync: () => void = () => undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    try {
      const parsed: unknown = JSON.parse(message.payload);
      const changes = Array.isArray(parsed) ? parsed.filter(isChange) : [];
      if (changes.length > 0) deliver(changes);
    } catch (error) {
      log.warn({ err: error }, 'live event notification not understood');
    }
  };

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'portal-events' });
    // An error event without a listener would crash the process: a dropped listener reconnects.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', onNotification);
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema ?? 'public';
      channel = schema === 'public' ? PG_EVENT_CHANNEL : `${PG_EVENT_CHANNEL}_${schema}`.slice(0, 63);
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
  };

  const reconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen().then(
        () => {
          log.info({ channel }, 'live events listener reconnected');
          // Changes published while it was away were missed: every open stream catches up.
          resync();
        },
        (error: unknown) => {
          log.warn({ err: error, retryMs }, 'live events listener cannot reconnect; retrying');
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          reconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  function lost(which: pg.Client, error?: Error) {
    if (which !== client || closed) return;
    client = undefined;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    log.warn({ err: error }, 'live events listener connection lost; reconnecting');
    reconnect();
  }

  return {
    name: 'postgres',
    async start(onChanges, onResync) {
      deliver = onChanges;
      resync = onResync;
      await listen();
    },
    async publish(changes) {
      if (changes.length > 0) await notify(channel, notifyPayloads(changes));
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
