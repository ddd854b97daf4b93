import {
  backoffDelay, isWatchList, LIVE_STREAM_ID, PRESENCE_ACTIVITIES, PRESENCE_NAME_MAX_CHARS, type Change, type ChangeKind,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * How a published change reaches every API process that holds open streams (docs/architecture.md#scale). The
 * plugin (events.ts) picks one: `deliver` is called once per change in every process, this one included.
 */
export interface EventTransport {
  readonly name: 'local' | 'cluster' | 'postgres';
  /**
   * Starts receiving; `deliver` hands changes to this process's streams with their number (none for watch lists
   * and a sender of an older version), `resync` tells them to catch up after a gap.
   */
  start(deliver: (changes: Change[], seq?: number) => void, resync: () => void): Promise<void>;
  /**
   * Numbers the changes from the one counter (docs/decisions/0017-read-your-writes-by-change-sequence.md) and sends
   * them; answers their number. A batch of watch lists only is sent without one (it changes no answer).
   */
  publish(changes: Change[]): Promise<number | undefined>;
  /** The counter now: the highest number any process has taken. */
  current(): Promise<number>;
  close(): Promise<void>;
}

/** Watch lists and presence change no data: they travel with the changes but are no change themselves. */
export const isSignal = (change: Change): boolean => change.kind === 'watch' || change.kind === 'presence';

/** Watch lists and presence change no answer: a batch of them only is not numbered. */
export const changesAnswers = (changes: readonly Change[]): boolean => changes.some((change) => !isSignal(change));

/**
 * A counter of one machine (the primary's, or a single process's): it starts at the time in microseconds, so that a
 * number a browser saw before a restart is never far above it.
 */
export function startingCount(now = Date.now()): number {
  return now * 1000;
}

/** Every kind, once: a kind added to Change and missing here fails to compile (it would never cross processes). */
const KIND_NAMES: Record<ChangeKind, true> = {
  ticket: true, activity: true, time: true, tasks: true, followers: true, attachments: true, notifications: true, company: true,
  option: true, templates: true, message: true, invoice: true, session: true, contact: true, watch: true, presence: true,
  timer: true,
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
  if (kind === 'presence') return isPresence(value);
  return true;
}

/** A presence: whose stream, on which ticket, named within bounds, doing one of the known things or nothing (left). */
function isPresence(value: object): boolean {
  const { contactId, stream, ticketId, companyId, name, groupId, activity } = value as Record<string, unknown>;
  return [contactId, ticketId, companyId, groupId].every(Number.isSafeInteger)
    && typeof stream === 'string' && LIVE_STREAM_ID.test(stream)
    && typeof name === 'string' && name.length <= PRESENCE_NAME_MAX_CHARS
    && (activity === null || (PRESENCE_ACTIVITIES as readonly unknown[]).includes(activity));
}

/** One process (and the tests): numbered and delivered at once. */
export function localTransport(): EventTransport {
  let deliver: ((changes: Change[], seq?: number) => void) | undefined;
  let counter = startingCount();
  return {
    name: 'local',
    async start(onChanges) {
      deliver = onChanges;
    },
    async publish(changes) {
      const seq = changesAnswers(changes) ? (counter += 1) : undefined;
      deliver?.(changes, seq);
      return seq;
    },
    async current() {
      return counter;
    },
    async close() {
      deliver = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cluster IPC (one machine, SQLite, `npm start` with WORKERS > 1). The primary holds the counter.
//
//   worker -> primary: { type: 'portal:publish', id?, changes }   after a write commits; `id` when the
//                      batch is to be numbered (not watch lists only);
//   primary -> others: { type: 'portal:event', seq?, changes }    the primary numbers the batch and
//                      forwards it to every OTHER worker, then answers the sender:
//   primary -> sender: { type: 'portal:published', id, seq }
//   worker -> primary: { type: 'portal:counter', id }             the counter now; answered with
//   primary -> worker: { type: 'portal:counter', id, seq }
// The primary's side is server/lib/cluster.ts (relayMessage). Anything else on the channel is ignored.
// ---------------------------------------------------------------------------------------------

export const CLUSTER_EVENT_TYPE = 'portal:event';
export const CLUSTER_PUBLISH_TYPE = 'portal:publish';
export const CLUSTER_PUBLISHED_TYPE = 'portal:published';
export const CLUSTER_COUNTER_TYPE = 'portal:counter';

/** How long a worker waits for the primary's number before it gives up on numbering a batch. */
const PRIMARY_ANSWER_MS = 2000;

export type ClusterMessage =
  | { type: typeof CLUSTER_PUBLISH_TYPE; id?: number; changes: Change[] }
  | { type: typeof CLUSTER_COUNTER_TYPE; id: number };

export interface ClusterEventMessage {
  type: typeof CLUSTER_EVENT_TYPE;
  seq?: number;
  changes: Change[];
}

/** A batch relayed by the primary: its changes (checked one by one) and its number, if any. */
export function clusterEventOf(message: unknown): { changes: Change[]; seq?: number } | undefined {
  if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== CLUSTER_EVENT_TYPE) return undefined;
  const { changes, seq } = message as { changes?: unknown; seq?: unknown };
  if (!Array.isArray(changes)) return undefined;
  const checked = changes.filter(isChange);
  if (checked.length === 0) return undefined;
  return { changes: checked, seq: typeof seq === 'number' && Number.isSafeInteger(seq) && checked.length === changes.length ? seq : undefined };
}

/** The primary's answer to a worker's publish or counter request: its id and number. */
function answerOf(message: unknown): { id: number; seq: number } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, id, seq } = message as { type?: unknown; id?: unknown; seq?: unknown };
  if (type !== CLUSTER_PUBLISHED_TYPE && type !== CLUSTER_COUNTER_TYPE) return undefined;
  return Number.isSafeInteger(id) && Number.isSafeInteger(seq) ? { id: id as number, seq: seq as number } : undefined;
}

/** The part of `process` a worker talks to its primary through (a fake one in tests). */
export interface ClusterChannel {
  send?: (message: ClusterMessage, callback: (error: Error | null) => void) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function clusterTransport(channel: ClusterChannel, log: Pick<FastifyBaseLogger, 'warn'>): EventTransport {
  let deliver: ((changes: Change[], seq?: number) => void) | undefined;
  let lastId = 0;
  const asked = new Map<number, (seq: number | undefined) => void>();
  const onMessage = (message: unknown) => {
    const answer = answerOf(message);
    if (answer) {
      asked.get(answer.id)?.(answer.seq);
      return;
    }
    const event = clusterEventOf(message);
    if (event) deliver?.(event.changes, event.seq);
  };
  const send = (message: ClusterMessage): boolean => {
    try {
      channel.send?.(message, (error) => {
        if (error) log.warn({ err: error }, 'live event not sent to the primary');
      });
      return typeof channel.send === 'function';
    } catch (error) {
      // The primary is gone (shutdown): this process's own streams have the change all the same.
      log.warn({ err: error }, 'live event not sent to the primary');
      return false;
    }
  };
  /** Sends `message` (which carries `id`) and waits for the primary's number; undefined if none comes in time. */
  const ask = (id: number, message: ClusterMessage): Promise<number | undefined> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        asked.delete(id);
        log.warn({ type: message.type }, 'the primary did not answer with a change number');
        resolve(undefined);
      }, PRIMARY_ANSWER_MS);
      timer.unref();
      asked.set(id, (seq) => {
        clearTimeout(timer);
        asked.delete(id);
        resolve(seq);
      });
      if (!send(message)) asked.get(id)?.(undefined);
    });
  return {
    name: 'cluster',
    async start(onChanges) {
      deliver = onChanges;
      channel.on('message', onMessage);
    },
    async publish(changes) {
      if (!changesAnswers(changes)) {
        deliver?.(changes);
        send({ type: CLUSTER_PUBLISH_TYPE, changes });
        return undefined;
      }
      const id = (lastId += 1);
      const seq = await ask(id, { type: CLUSTER_PUBLISH_TYPE, id, changes });
      deliver?.(changes, seq);
      return seq;
    },
    async current() {
      const id = (lastId += 1);
      const seq = await ask(id, { type: CLUSTER_COUNTER_TYPE, id });
      if (seq === undefined) throw new Error('the primary did not tell the change counter');
      return seq;
    },
    async close() {
      channel.off('message', onMessage);
      for (const resolve of [...asked.values()]) resolve(undefined);
      deliver = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL LISTEN/NOTIFY (any number of processes and machines on one database).
//
// Every process LISTENs on one channel through a dedicated connection and publishes with
// pg_notify(channel, payload); a change is delivered from the notification only, so the publishing
// process gets it once, like every other. Each batch is numbered from the sequence portal_change_seq
// (one database-wide counter per schema) before its NOTIFY. Payload: `{"seq":N,"last":true|false,"changes":[...]}`,
// kept well under PostgreSQL's 8000-byte limit; a batch too large for one is split, and its number counts as
// heard with its last part (the parts of one NOTIFY statement arrive together and in order). A bare JSON array
// is a batch of a process of an older version, without a number. The channel is `portal_events`, suffixed with the schema when the
// database URL selects another one (the test suite's schemas, two portals on one database), since
// NOTIFY channels are database-wide.
// ---------------------------------------------------------------------------------------------

export const PG_EVENT_CHANNEL = 'portal_events';
const PAYLOAD_MAX_BYTES = 7000;
/** A lost listener reconnects after 250 ms, doubling while it keeps failing, at most 10 s. */
const RECONNECT_BACKOFF = { baseMs: 250, maxMs: 10_000 };

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
  /** Takes the next number of portal_change_seq. */
  nextSeq(): Promise<number>;
  /** The last number taken from portal_change_seq. */
  currentSeq(): Promise<number>;
  log: FastifyBaseLogger;
}

/** The NOTIFY payloads of a batch numbered `seq` (undefined: watch lists only). */
export function numberedPayloads(changes: readonly Change[], seq: number | undefined): string[] {
  const parts = notifyPayloads(changes);
  if (seq === undefined) return parts;
  return parts.map((part, index) => `{"seq":${seq},"last":${index === parts.length - 1},"changes":${part}}`);
}

/** A NOTIFY payload read back: its changes (checked), and its number when it is the batch's last part. */
export function batchOfPayload(payload: string): { changes: Change[]; seq?: number } {
  const parsed: unknown = JSON.parse(payload);
  if (Array.isArray(parsed)) return { changes: parsed.filter(isChange) };
  if (typeof parsed !== 'object' || parsed === null) return { changes: [] };
  const { seq, last, changes } = parsed as { seq?: unknown; last?: unknown; changes?: unknown };
  const checked = Array.isArray(changes) ? changes.filter(isChange) : [];
  const numbered = last === true && Number.isSafeInteger(seq) && Array.isArray(changes) && checked.length === changes.length;
  return { changes: checked, seq: numbered ? (seq as number) : undefined };
}

export function postgresTransport(options: PostgresTransportOptions): EventTransport {
  const { connectionString, notify, nextSeq, currentSeq, log } = options;
  let channel = PG_EVENT_CHANNEL;
  let client: pg.Client | undefined;
  let closed = false;
  let failedReconnects = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let deliver: (changes: Change[], seq?: number) => void = () => undefined;
  let resync: () => void = () => undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    try {
      const { changes, seq } = batchOfPayload(message.payload);
      if (changes.length > 0) deliver(changes, seq);
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
    failedReconnects = 0;
  };

  const reconnect = () => {
    if (closed || retryTimer) return;
    const retryMs = backoffDelay(failedReconnects + 1, RECONNECT_BACKOFF);
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
          failedReconnects += 1;
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
      if (changes.length === 0) return undefined;
      const seq = changesAnswers(changes) ? await nextSeq() : undefined;
      await notify(channel, numberedPayloads(changes, seq));
      return seq;
    },
    current: currentSeq,
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
