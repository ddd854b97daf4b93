import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENT_READY, LIVE_EVENT_STALE, type LiveReadyEvent, type LiveStaleEvent } from '@portal/contract';
import { backoffDelay, isWatched, staleKeysFor, watchPathOf, PRESENCE_REFRESH_MS, type Change, type Viewer } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isPostgresUrl } from '../db/connect';
import { SESSION_COOKIE } from './auth';
import { clusterTransport, isSignal, localTransport, postgresTransport, type ClusterChannel, type EventTransport } from './event-transports';
import { presenceBoard } from './presence-board';
import { everyonesStaleKeys } from './poll-cache-invalidation';

// Live updates (docs/architecture.md#a-live-update). A write publishes what changed after its transaction
// commits; the transport (event-transports.ts) brings the change to every API process; each process tells its
// own open streams the SWR keys that went stale for their viewer (staleKeysFor: never a key the viewer may
// not read). Streams keep their viewer in memory, so an event costs no database read; the viewer is re-read
// every VIEWER_CHECK_BEATS heartbeats (a revoked session ends the stream), and at once when a delivered
// session change names the stream's contact (docs/architecture.md#sessions-in-memory) or a
// company change names it among its `members` (linked or unlinked: whichever process the
// change came from, so it works across workers): the stream skips events until that read is done, then
// sends `ready`, so the tab revalidates everything as its contact may now see it.
// A stream is told only the keys its tab shows once the tab has said which (a `watch` message, from
// POST /events/watch through the transport: docs/architecture.md#a-live-update); until then, every key.

/** Heartbeats between two reads of a stream's session (60 s with the default 15 s heartbeat). */
const VIEWER_CHECK_BEATS = 4;
/** A client this far behind is dropped; it reconnects and catches up on `ready`. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** The browser's reconnect delay after a dropped stream (the SSE `retry` field). */
const RECONNECT_HINT_MS = 3000;
/**
 * How long each process remembers the changes it delivered: a key a tab starts watching is checked against
 * them, since a change that came while the tab read that key and before its watch list arrived was not sent.
 */
const RECENT_CHANGES_MS = 10_000;
/** At most this many remembered changes (a burst of writes); the oldest go first. */
const RECENT_CHANGES_MAX = 5000;
/** A publish that fails is tried this many times in all, 200 ms apart and then twice that. */
const PUBLISH_ATTEMPTS = 3;
const PUBLISH_BACKOFF = { baseMs: 200, maxMs: 400 };
/** The shorter one a draining process sends before it ends its streams (docs/operations.md#stopping-restarting-and-upgrading). */
export const DRAIN_RECONNECT_MS = 1000;

export interface LiveEvents {
  /** Which transport carries changes between processes. */
  readonly transport: EventTransport['name'];
  /**
   * Tells every process's streams; call after the write's transaction committed, and await it before the write
   * answers: it resolves once the changes have their number (docs/decisions/0017-read-your-writes-by-change-sequence.md),
   * which the answer carries. Never throws.
   */
  publish(...changes: Change[]): Promise<number | undefined>;
  /** Answers GET /events: hijacks the reply and keeps it open as a Server-Sent Events stream of `viewer`. */
  openStream(request: FastifyRequest, reply: FastifyReply, viewer: Viewer): void;
  /** Open streams in this process. */
  readonly openStreams: number;
  /**
   * Hears every change as this process receives it (its own at publish, others' as the transport brings
   * them), before any stream is told: in-memory answers (poll cache, sessions) drop what went stale.
   * The publishing process's listeners hear it at once in `publish` too (before the write's reply), so a
   * listener may hear a change twice and must not mind.
   * `resync`: changes may have been missed (a lost transport connection): drop everything.
   */
  onChanges(listener: ChangeListener): void;
}

export interface ChangeListener {
  changes(changes: readonly Change[]): void;
  resync(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: LiveEvents;
  }
}

type Watch = Extract<Change, { kind: 'watch' }>;

interface OpenStream {
  /** Random, told to the tab in `ready`: the tab names it in its watch lists. */
  readonly id: string;
  viewer: Viewer;
  /** The paths of the keys the tab shows (its last watch list); null: every key (no list yet, or too many). */
  watching: ReadonlySet<string> | null;
  /** The `seq` of that list: an older one arriving late is ignored. */
  watchSeq: number;
  /** Its viewer is being re-read after a membership change: events wait for the `ready` that follows. */
  refreshing: boolean;
  write(chunk: string): void;
  end(): void;
  /** The process is stopping: tells the browser to reconnect after `retryMs` (to another process), ends the stream and its connection. */
  handOff(retryMs: number): void;
  /** Re-reads the viewer now, then tells the tab to catch up. */
  refresh(): void;
}

/**
 * The contacts whose company links the changes altered, or whose sessions a `session` change names (a session
 * ended, a new group: docs/architecture.md#sessions-in-memory): their streams re-read their viewer at once, so a
 * revoked session's stream ends. Checked: a change may come from another process.
 */
function membersOf(changes: readonly Change[]): Set<number> {
  const members = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'session' && Number.isInteger(change.contactId)) members.add(change.contactId as number);
    if (change.kind !== 'company' || !Array.isArray(change.members)) continue;
    for (const id of change.members) if (Number.isInteger(id)) members.add(id);
  }
  return members;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const staleFrame = (keys: Iterable<string>, seq: number) => frame(LIVE_EVENT_STALE, { keys: [...keys], seq } satisfies LiveStaleEvent);
const readyFrame = (stream: string, seq: number) => frame(LIVE_EVENT_READY, { stream, seq } satisfies LiveReadyEvent);

/** Local in tests and one process; cluster IPC in a worker on SQLite; LISTEN/NOTIFY on PostgreSQL. */
function chooseTransport(app: FastifyInstance): EventTransport {
  const { config, log } = app;
  if (config.eventTransport) return config.eventTransport;
  if (isPostgresUrl(config.databaseUrl)) {
    return postgresTransport({
      connectionString: config.databaseUrl,
      log,
      notify: async (channel, payloads) => {
        await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) as payload`.execute(app.db);
      },
      nextSeq: async () => (await sql<{ seq: number }>`select nextval('portal_change_seq') as seq`.execute(app.db)).rows[0]!.seq,
      currentSeq: async () => {
        const { rows } = await sql<{ seq: number; called: boolean }>`select last_value as seq, is_called as called from portal_change_seq`.execute(app.db);
        return rows[0]!.called ? rows[0]!.seq : rows[0]!.seq - 1;
      },
    });
  }
  if (cluster.isWorker) return clusterTransport(process as ClusterChannel, log);
  return localTransport();
}

export const eventsPlugin = fp(
  async (app) => {
    const { config, log, sessions, changeSeq } = app;
    const streams = new Set<OpenStream>();
    const streamsById = new Map<string, OpenStream>();
    /**
     * Each open stream filed by the paths its tab watches, or as watching every key: a change is weighed only for
     * the streams that watch a key it can make stale for someone (everyonesStaleKeys), not for every stream.
     */
    const watchers = new Map<string, Set<OpenStream>>();
    const watchingAll = new Set<OpenStream>();
    const unfile = (stream: OpenStream) => {
      if (stream.watching === null) {
        watchingAll.delete(stream);
        return;
      }
      for (const path of stream.watching) {
        const filed = watchers.get(path);
        filed?.delete(stream);
        if (filed?.size === 0) watchers.delete(path);
      }
    };
    const setWatching = (stream: OpenStream, watching: ReadonlySet<string> | null) => {
      unfile(stream);
      stream.watching = watching;
      if (watching === null) {
        watchingAll.add(stream);
        return;
      }
      for (const path of watching) {
        let filed = watchers.get(path);
        if (!filed) watchers.set(path, (filed = new Set()));
        filed.add(stream);
      }
    };
    /** The streams a batch may concern (null: every stream): those watching a path it can make stale, or every key. */
    const concerned = (batch: readonly Change[]): Set<OpenStream> | null => {
      const found = new Set(watchingAll);
      for (const change of batch) {
        // A company, option or contact change shows in many answers: rare, and every stream is asked.
        if (change.kind === 'company' || change.kind === 'option' || change.kind === 'contact') return null;
        let keys: string[];
        try {
          keys = everyonesStaleKeys(change).keys;
        } catch {
          return null;
        }
        for (const key of keys) for (const stream of watchers.get(watchPathOf(key)) ?? []) found.add(stream);
      }
      return found;
    };
    /** What this process delivered in the last RECENT_CHANGES_MS, oldest first. */
    const recent: { at: number; change: Change }[] = [];
    const remember = (changes: readonly Change[]) => {
      const now = Date.now();
      for (const change of changes) recent.push({ at: now, change });
      let old = 0;
      while (old < recent.length && (recent[old]!.at < now - RECENT_CHANGES_MS || recent.length - old > RECENT_CHANGES_MAX)) old += 1;
      if (old > 0) recent.splice(0, old);
    };
    // Each stream opens and closes at debug; at info only when the open streams reach a new power of two (1, 2, 4 …).
    let highestLogged = 0;
    const noteOpenCount = () => {
      const open = streams.size;
      if (open <= highestLogged || (open & (open - 1)) !== 0) return;
      highestLogged = open;
      log.info({ open_streams: open }, 'live streams: the most open so far');
    };
    const transport = chooseTransport(app);
    const inFlight = new Set<Promise<void>>();
    // Who is on each ticket now (presence-board.ts): heard from the transport, told to the streams showing the ticket.
    const presence = presenceBoard({
      now: Date.now,
      streamById: (id) => streamsById.get(id),
      watchersOf: (path) => watchers.get(path) ?? [],
      publish: (presences) => void app.events.publish(...presences),
    });
    const presenceTimer = setInterval(() => presence.tick(), PRESENCE_REFRESH_MS);
    presenceTimer.unref();
    const listeners: ChangeListener[] = [];

    // Changes arriving together (a bulk update, several processes at once) are one event per stream.
    let queued: Change[] = [];
    /** The highest number among the queued changes: the stale events of the flush carry it. */
    let queuedSeq = 0;
    let flushScheduled = false;
    const flush = () => {
      flushScheduled = false;
      const batch = queued;
      queued = [];
      // Every change of the batch has been heard here (its drops done): a read at this number is current here.
      const seq = Math.max(queuedSeq, changeSeq.applied);
      queuedSeq = 0;
      const members = membersOf(batch);
      for (const stream of concerned(batch) ?? streams) {
        if (!streams.has(stream)) continue;
        if (members.has(stream.viewer.contactId)) {
          stream.refresh();
          continue;
        }
        if (stream.refreshing) continue;
        const keys = new Set<string>();
        for (const change of batch) {
          for (const key of staleKeysFor(change, stream.viewer)) if (isWatched(key, stream.watching)) keys.add(key);
        }
        if (keys.size > 0) stream.write(staleFrame(keys, seq));
      }
    };
    /** A tab's new watch list, for a stream of this process (checked: the list may come from another one). */
    const watch = (list: Watch) => {
      const stream = streamsById.get(list.stream);
      if (!stream || stream.viewer.contactId !== list.contactId || list.seq <= stream.watchSeq) return;
      const before = stream.watching;
      const after = list.keys === null ? null : new Set(list.keys);
      setWatching(stream, after);
      stream.watchSeq = list.seq;
      if (after !== null) presence.watched(stream, before === null ? after : [...after].filter((key) => !before.has(key)));
      // A stream that watched every key, or is about to send `ready`, missed nothing.
      if (before === null || after === null || stream.refreshing) return;
      const added = new Set([...after].filter((key) => !before.has(key)));
      if (added.size === 0) return;
      const keys = new Set<string>();
      const since = Date.now() - RECENT_CHANGES_MS;
      for (const { at, change } of recent) {
        if (at < since) continue;
        for (const key of staleKeysFor(change, stream.viewer)) if (isWatched(key, added)) keys.add(key);
      }
      if (keys.size > 0) stream.write(staleFrame(keys, changeSeq.known));
    };
    /**
     * Watch lists go to their stream; changes to the listeners and, in the next flush, to every stream. Once the
     * listeners have dropped what the changes made stale, their number counts as heard.
     */
    const deliver = (arrived: Change[], seq?: number) => {
      const changes: Change[] = [];
      for (const change of arrived) {
        if (change.kind === 'watch') watch(change);
        else if (change.kind === 'presence') presence.heard(change);
        else changes.push(change);
      }
      if (changes.length === 0) return;
      for (const listener of listeners) listener.changes(changes);
      if (seq !== undefined) {
        changeSeq.heard(seq);
        queuedSeq = Math.max(queuedSeq, seq);
      }
      remember(changes);
      queued.push(...changes);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    };
    /** Everything held in memory goes, and every stream catches up. */
    const dropEverything = () => {
      for (const listener of listeners) listener.resync();
      for (const stream of streams) stream.write(readyFrame(stream.id, changeSeq.known));
    };
    /**
     * Changes may have been missed (a listener connection lost and back): the counter is read first, then everything
     * goes, so every change up to that number is reflected by what is read from now on.
     */
    const resync = () => {
      void transport.current().then(
        (seq) => {
          dropEverything();
          changeSeq.begin(seq);
        },
        (error: unknown) => {
          log.warn({ err: error }, 'live events: the change counter could not be read after a gap');
          dropEverything();
        },
      );
    };
    changeSeq.onJump(dropEverything);

    await transport.start(deliver, resync);
    // Nothing is held yet: every change up to the counter's value now is reflected by whatever is read from now on.
    changeSeq.begin(await transport.current());
    changeSeq.useCounter(transport);
    log.info({ transport: transport.name }, 'live events ready');

    const openStream = (request: FastifyRequest, reply: FastifyReply, viewer: Viewer) => {
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const res: ServerResponse = reply.raw;
      reply.hijack();
      const inherited = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined));
      res.writeHead(200, {
        ...inherited,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      request.raw.socket?.setNoDelay(true);
      request.raw.socket?.setTimeout(0);

      let beats = 0;
      let reading: Promise<void> | undefined;
      let refreshes = 0;
      // One read at a time; a refresh waits for a read already under way (it may predate the change) and reads again.
      const readViewer = (): Promise<void> => {
        reading ??= (async () => {
          try {
            // From the database, not the few seconds' copy (auth.ts): this is the net under a change that never came.
            const current = await sessions.viewerFor(token, { fresh: true });
            if (!current) stream.end();
            else stream.viewer = current;
          } catch (error) {
            request.log.warn({ err: error }, 'live stream: session not re-read');
          } finally {
            reading = undefined;
          }
        })();
        return reading;
      };
      const stream: OpenStream = {
        id: randomBytes(16).toString('base64url'),
        viewer,
        watching: null,
        watchSeq: -1,
        refreshing: false,
        refresh() {
          refreshes += 1;
          stream.refreshing = true;
          const earlier = reading;
          void (async () => {
            if (earlier) await earlier;
            await readViewer();
            refreshes -= 1;
            if (refreshes === 0) {
              stream.refreshing = false;
              stream.write(readyFrame(stream.id, changeSeq.known));
            }
          })();
        },
        write(chunk) {
          if (res.writableEnded || res.destroyed) return;
          if (res.writableLength > MAX_BUFFERED_BYTES) {
            res.destroy();
            return;
          }
          res.write(chunk);
        },
        end() {
          if (!res.writableEnded) res.end();
        },
        handOff(retryMs) {
          stream.write(`retry: ${retryMs}\n\n`);
          // The connection ends after the hint, without the response's last chunk: a client that saw a
          // complete response would put the connection back in its pool a moment before the close
          // reaches it and could send its next request into it. EventSource reconnects after the hint either way.
          const socket = res.socket;
          if (res.writableEnded || res.destroyed || !socket) return;
          socket.end();
          // A client that never closes its side does not hold the drain up.
          setTimeout(() => socket.destroy(), 1000).unref();
        },
      };
      const heartbeat = setInterval(() => {
        stream.write(': ping\n\n');
        beats += 1;
        if (beats % VIEWER_CHECK_BEATS === 0) void readViewer();
      }, config.liveHeartbeatMs);
      heartbeat.unref();

      streams.add(stream);
      streamsById.set(stream.id, stream);
      setWatching(stream, null);
      const opened = Date.now();
      request.log.debug({ contact_id: viewer.contactId, open_streams: streams.size }, 'live stream opened');
      noteOpenCount();
      res.on('close', () => {
        clearInterval(heartbeat);
        streams.delete(stream);
        streamsById.delete(stream.id);
        unfile(stream);
        presence.closed(stream.id);
        request.log.debug({ open_ms: Date.now() - opened, open_streams: streams.size }, 'live stream closed');
      });
      res.on('error', (error) => request.log.debug({ err: error }, 'live stream closed with an error'));
      stream.write(`retry: ${RECONNECT_HINT_MS}\n${readyFrame(stream.id, changeSeq.known)}`);
    };

    /**
     * A change that committed but was not sent (the database blinked between the commit and the NOTIFY) would leave
     * other processes' answers stale until their life ends: it is tried again a few times before the write answers.
     */
    const publishWithRetries = async (changes: Change[]): Promise<number | undefined> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transport.publish(changes);
        } catch (error) {
          if (attempt >= PUBLISH_ATTEMPTS) throw error;
          log.warn({ err: error, attempt }, 'live event not published; trying again');
          await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, PUBLISH_BACKOFF)));
        }
      }
    };

    app.decorate('events', {
      get transport() {
        return transport.name;
      },
      get openStreams() {
        return streams.size;
      },
      async publish(...changes: Change[]) {
        if (changes.length === 0) return undefined;
        // In-memory answers drop what went stale before the write's reply (a watch list or a presence makes nothing stale).
        const stale = changes.filter((change) => !isSignal(change));
        if (stale.length > 0) for (const listener of listeners) listener.changes(stale);
        const sent = publishWithRetries(changes).then(
          (seq) => {
            if (seq !== undefined) changeSeq.heard(seq);
            return seq;
          },
          (error: unknown) => {
            log.error({ err: error }, 'live event not published');
            return undefined;
          },
        );
        const settled = sent.then(() => undefined);
        inFlight.add(settled);
        void settled.finally(() => inFlight.delete(settled));
        return sent;
      },
      openStream,
      onChanges(listener) {
        listeners.push(listener);
      },
    } satisfies LiveEvents);

    // Before the server stops accepting: open streams would otherwise keep close() waiting forever.
    app.addHook('preClose', async () => {
      clearInterval(presenceTimer);
      // The tabs leave their tickets while the transport still carries it (they say so again from their next process).
      for (const stream of streams) presence.closed(stream.id);
      for (const stream of streams) stream.handOff(DRAIN_RECONNECT_MS);
      await Promise.all(inFlight);
      await transport.close();
    });
  },
  { name: 'portal-events', dependencies: ['portal-config', 'portal-db', 'portal-auth', 'portal-change-sequence'] },
);
