import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { eventEndpoints as api, pathOf } from '@portal/contract/endpoints';
import {
  backoffDelay, checkBatchesOf, keyMatches, watchListOf, LIVE_CATCH_UP_WAIT_MS, LIVE_EVENT_PRESENCE, LIVE_EVENT_READY, LIVE_EVENT_STALE, LIVE_SAFETY_POLL_MS,
  type LiveCheckEntry, type PresenceActivity,
} from '@portal/domain';
import { etagOfAnswer } from './answer-tags';
import { useApiClient } from './api-client-context';
import { isApiError } from './api-error';
import { noteChangeSeq } from './change-seq';
import { forgetPrimedReads } from './primed-reads';
import { loadContract, type ContractSchemas, type Http } from './http';
import { notePresence, setPresenceStream } from './live-presence';
import { mountedKeys, onMountedKeysChange, safetyNetKeys } from './live-watch';
import { setLive, skipHeld } from './live-status';

/** What the live hook needs of an EventSource; the browser's fits, and the test kit has a fake. */
export interface LiveEventSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export type CreateEventSource = (url: string, init: EventSourceInit) => LiveEventSource;

export interface LiveApi {
  /** Opens the tab's stream (`GET /api/events`, with the session cookie); null where there is no EventSource. */
  open(): LiveEventSource | null;
  /** Tells stream `stream` which keys this tab shows (`seq`: this list's number, counting up; null: every key). */
  watch(stream: string, seq: number, keys: string[] | null): Promise<{ ok: true }>;
  /** The safety net in one request: which of these keys (with the ETags of the answers shown) may have changed. */
  check(keys: LiveCheckEntry[]): Promise<{ stale: string[] }>;
  /** Tells the tabs showing ticket `ticketId` what this tab (stream `stream`) does on it; null: it left. */
  presence(stream: string, ticketId: number, activity: PresenceActivity | null): Promise<{ ok: true }>;
}

const browserEventSource: CreateEventSource | undefined =
  typeof EventSource === 'function' ? (url, init) => new EventSource(url, init) : undefined;

export function createLiveApi(http: Http, baseUrl: string, createEventSource: CreateEventSource | undefined = browserEventSource): LiveApi {
  const url = `${baseUrl.replace(/\/+$/, '')}${pathOf(api.liveEvents)}`;
  return {
    open: () => (createEventSource ? createEventSource(url, { withCredentials: true }) : null),
    watch: (stream, seq, keys) => http(api.liveWatch, { body: { stream, seq, keys } }),
    check: (keys) => http(api.liveCheck, { body: { keys } }),
    presence: (stream, ticketId, activity) => http(api.livePresence, { body: { stream, ticket_id: ticketId, activity } }),
  };
}

/** Mounted keys settle for this long before their watch list is sent (a screen mounts its hooks together). */
export const LIVE_WATCH_SETTLE_MS = 50;

/** EventSource.CLOSED: the browser gave up (a refused or failed answer); it reconnects by itself otherwise. */
const CLOSED = 2;
/** After the browser gives up: try again after 1 s, doubling up to a minute. */
export const LIVE_RETRY_FIRST_MS = 1000;
export const LIVE_RETRY_MAX_MS = 60_000;

function eventData<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, event: Event): T | undefined {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const staleKeys = (contract: ContractSchemas, event: Event): string[] => eventData(contract.liveStaleEvent, event)?.keys ?? [];

/** Numbers every watch list this tab sends, on any stream: a later list always has a higher one. */
let watchSeq = 0;

/**
 * Sends stream `stream` the tab's watch list now and whenever its mounted keys change (after they settle),
 * one request at a time and only when the list differs from the last one sent. Returns the stop.
 */
function keepWatchListSent(live: LiveApi, stream: string): () => void {
  let sent: string | undefined;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const send = () => {
    timer = undefined;
    if (stopped || sending) return;
    const keys = watchListOf(mountedKeys());
    const list = JSON.stringify(keys);
    if (list === sent) return;
    sending = true;
    watchSeq += 1;
    // A failed list leaves the stream on the last one (or every key); the next change of keys sends again.
    live.watch(stream, watchSeq, keys).then(() => {
      sent = list;
    }, () => undefined).finally(() => {
      sending = false;
      if (!stopped && JSON.stringify(watchListOf(mountedKeys())) !== sent) schedule();
    });
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(send, LIVE_WATCH_SETTLE_MS);
  };
  const unsubscribe = onMountedKeysChange(schedule);
  send();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Which of `keys` may have changed since their answers were shown (docs/architecture.md#the-safety-net): one check
 * per batch names them, with the ETags of the answers shown; the keys no check can ask, and every key of a failed
 * check (a server before checks, or none reachable), are answered too, as their own reads would have been.
 */
async function staleAmong(live: LiveApi, keys: readonly string[], shownAnswer: (key: string) => unknown): Promise<Set<string>> {
  const { batches, readAgain } = checkBatchesOf(keys.map((key) => ({ key, etag: etagOfAnswer(shownAnswer(key)) })));
  const named = await Promise.all(batches.map((batch) => live.check(batch).then(
    ({ stale }) => stale,
    // Refused as too many (429): the server is up and asks for fewer requests, and reading every key would be
    // more; the next round asks again. Any other failure reads every key, as their own polls would have.
    (error: unknown) => (isApiError(error) && error.status === 429 ? [] : batch.map((entry) => entry.key)),
  )));
  return new Set([...readAgain, ...named.flat()]);
}

/**
 * The tab's safety net while its stream is open: every LIVE_SAFETY_POLL_MS while the page is visible, the keys the
 * tab's hooks poll at the safety net are checked (staleAmong); `readAgain` gets those that may have changed.
 * Returns the stop.
 */
function keepSafetyNet(live: LiveApi, shownAnswer: (key: string) => unknown, readAgain: (keys: ReadonlySet<string>) => void): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
    const keys = safetyNetKeys();
    if (keys.length === 0) return;
    checking = true;
    void staleAmong(live, keys, shownAnswer).then((stale) => {
      if (stale.size > 0) readAgain(stale);
    }).finally(() => {
      checking = false;
    });
  }, LIVE_SAFETY_POLL_MS);
  return () => clearInterval(timer);
}

/**
 * The tab's live stream (docs/architecture.md#a-live-update), mounted once by the shell while someone is signed in
 * (`signedInAs`: the contact; null closes it). `ready` marks the stream live and catches up on what changed
 * while the tab had no stream: the keys on screen in one check (those named, or without an answer's ETag, are read
 * again; all of them if the check fails; a key whose first answer is on its way is checked once it is in), every other cached key marked for reading when shown; `stale` revalidates the mounted keys under the named ones. An
 * error marks it down, so polling returns to each screen's own interval until the browser reconnects; when
 * the browser gives up, it tries again with a capped back-off unless the session is gone (a 401
 * signs the tab out through the client's handler, which closes the stream). `onReady` runs on each `ready`
 * too: the server sends one after the viewer's companies changed, so the shell re-reads the session.
 */
export function useLiveUpdates(signedInAs: number | null | undefined, onReady?: () => void): void {
  const client = useApiClient();
  const { mutate, cache } = useSWRConfig();
  // The latest callback, without reopening the stream when it changes.
  const readyCallback = useRef(onReady);
  useEffect(() => {
    readyCallback.current = onReady;
  });

  useEffect(() => {
    if (!signedInAs) return;
    let source: LiveEventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    let stopped = false;
    let stopWatching: (() => void) | undefined;
    let stopSafetyNet: (() => void) | undefined;
    let catchUpTimer: ReturnType<typeof setTimeout> | undefined;

    const revalidate = (matches: (key: string) => boolean) =>
      mutate((key) => typeof key === 'string' && matches(key) && !skipHeld(key));
    const shownAnswer = (key: string) => cache.get(key)?.data;

    /**
     * The catch-up on `ready`: the keys on screen checked in one request, those named read again. A key whose
     * first answer is still on its way (a page just opened: its reads and the stream start together) is
     * checked LIVE_CATCH_UP_WAIT_MS later, with that answer's ETag, rather than read twice.
     */
    function catchUp(keys: readonly string[], waited: boolean) {
      const pending = waited ? [] : keys.filter((key) => shownAnswer(key) === undefined);
      const shown = pending.length === 0 ? keys : keys.filter((key) => !pending.includes(key));
      if (shown.length > 0) {
        void staleAmong(client.live, shown, shownAnswer).then((stale) => {
          if (!stopped && stale.size > 0) void revalidate((key) => stale.has(key));
        });
      }
      if (pending.length > 0) catchUpTimer = setTimeout(() => catchUp(pending, true), LIVE_CATCH_UP_WAIT_MS);
    }

    function retryLater() {
      retries += 1;
      const wait = backoffDelay(retries, { baseMs: LIVE_RETRY_FIRST_MS, maxMs: LIVE_RETRY_MAX_MS });
      retryTimer = setTimeout(() => {
        client.auth.me().then(
          () => {
            if (!stopped) connect();
          },
          (error: unknown) => {
            if (stopped || (isApiError(error) && error.status === 401)) return;
            retryLater();
          },
        );
      }, wait);
    }

    function connect() {
      source = client.live.open();
      if (!source) return;
      const current = source;
      current.addEventListener(LIVE_EVENT_READY, (event) => {
        retries = 0;
        setLive(true);
        const onScreen = mountedKeys();
        const shown = new Set(onScreen);
        void revalidate((key) => !shown.has(key));
        clearTimeout(catchUpTimer);
        catchUp(onScreen, false);
        stopSafetyNet ??= keepSafetyNet(client.live, shownAnswer, (keys) => void revalidate((key) => keys.has(key)));
        readyCallback.current?.();
        // The stream's id (a server before watch lists sends none: it names every key).
        void loadContract().then((contract) => {
          const ready = eventData(contract.liveReadyEvent, event);
          noteChangeSeq(ready?.seq);
          const stream = ready?.stream;
          if (stopped || source !== current || !stream) return;
          stopWatching?.();
          stopWatching = keepWatchListSent(client.live, stream);
          setPresenceStream(stream);
        }, () => undefined);
      });
      current.addEventListener(LIVE_EVENT_STALE, (event) => {
        void loadContract().then((contract) => {
          // The keys are read again at the change's number: no process answers them from before it.
          noteChangeSeq(eventData(contract.liveStaleEvent, event)?.seq);
          const keys = staleKeys(contract, event);
          forgetPrimedReads((key) => keys.some((stale) => keyMatches(stale, key)));
          if (keys.length > 0) void revalidate((key) => keys.some((stale) => keyMatches(stale, key)));
        }, () => undefined);
      });
      // Who else is on a ticket the tab shows (live-presence.ts).
      current.addEventListener(LIVE_EVENT_PRESENCE, (event) => {
        void loadContract().then((contract) => {
          const presence = eventData(contract.livePresenceEvent, event);
          if (presence && source === current) notePresence(presence.ticketId, presence.people);
        }, () => undefined);
      });
      current.addEventListener('error', () => {
        setLive(false);
        setPresenceStream(null);
        clearTimeout(catchUpTimer);
        stopSafetyNet?.();
        stopSafetyNet = undefined;
        // A new stream (another id) comes with the next `ready`.
        stopWatching?.();
        stopWatching = undefined;
        if (current.readyState !== CLOSED || stopped) return;
        current.close();
        retryLater();
      });
    }

    connect();
    return () => {
      stopped = true;
      stopWatching?.();
      stopSafetyNet?.();
      clearTimeout(retryTimer);
      clearTimeout(catchUpTimer);
      source?.close();
      setLive(false);
      setPresenceStream(null);
    };
  }, [signedInAs, client, mutate, cache]);
}
