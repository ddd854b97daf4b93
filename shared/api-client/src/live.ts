import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { keyMatches, LIVE_EVENT_READY, LIVE_EVENT_STALE, LIVE_EVENTS_PATH } from '@portal/domain';
import { useApiClient } from './api-client-context';
import { isApiError } from './api-error';
import { loadContract, type ContractSchemas } from './http';
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
}

const browserEventSource: CreateEventSource | undefined =
  typeof EventSource === 'function' ? (url, init) => new EventSource(url, init) : undefined;

export function createLiveApi(baseUrl: string, createEventSource: CreateEventSource | undefined = browserEventSource): LiveApi {
  const url = `${baseUrl.replace(/\/+$/, '')}${LIVE_EVENTS_PATH}`;
  return { open: () => (createEventSource ? createEventSource(url, { withCredentials: true }) : null) };
}

/** EventSource.CLOSED: the browser gave up (a refused or failed answer); it reconnects by itself otherwise. */
const CLOSED = 2;
/** After the browser gives up: try again after 1 s, doubling up to a minute. */
export const LIVE_RETRY_FIRST_MS = 1000;
export const LIVE_RETRY_MAX_MS = 60_000;

function staleKeys(contract: ContractSchemas, event: Event): string[] {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return [];
  try {
    const parsed = contract.liveStaleEvent.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data.keys : [];
  } catch {
    return [];
  }
}

/**
 * The tab's live stream (docs/architecture.md#a-live-update), mounted once by the shell while someone is signed in
 * (`signedInAs`: the contact; null closes it). `ready` marks the stream live and catches up by
 * revalidating every key on screen; `stale` revalidates the mounted keys under the named ones. An
 * error marks it down, so polling returns to each screen's own interval until the browser reconnects; when
 * the browser gives up, it tries again with a capped back-off unless the session is gone (a 401
 * signs the tab out through the client's handler, which closes the stream). `onReady` runs on each `ready`
 * too: the server sends one after the viewer's companies changed, so the shell re-reads the session.
 */
export function useLiveUpdates(signedInAs: number | null | undefined, onReady?: () => void): void {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  // The latest callback, without reopening the stream when it changes.
  const readyCallback = useRef(onReady);
  useEffect(() => {
    readyCallback.current = onReady;
  });

  useEffect(() => {
    if (!signedInAs) return;
    let source: LiveEventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = LIVE_RETRY_FIRST_MS;
    let stopped = false;

    const revalidate = (matches: (key: string) => boolean) =>
      mutate((key) => typeof key === 'string' && matches(key) && !skipHeld(key));

    function retryLater() {
      const wait = retryMs;
      retryMs = Math.min(retryMs * 2, LIVE_RETRY_MAX_MS);
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
      current.addEventListener(LIVE_EVENT_READY, () => {
        retryMs = LIVE_RETRY_FIRST_MS;
        setLive(true);
        void revalidate(() => true);
        readyCallback.current?.();
      });
      current.addEventListener(LIVE_EVENT_STALE, (event) => {
        void loadContract().then((contract) => {
          const keys = staleKeys(contract, event);
          if (keys.length > 0) void revalidate((key) => keys.some((stale) => keyMatches(stale, key)));
        }, () => undefined);
      });
      current.addEventListener('error', () => {
        setLive(false);
        if (current.readyState !== CLOSED || stopped) return;
        current.close();
        retryLater();
      });
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setLive(false);
    };
  }, [signedInAs, client, mutate]);
}
