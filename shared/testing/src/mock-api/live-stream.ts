import { act } from '@testing-library/react';
import type { CreateEventSource, LiveEventSource } from '@portal/api-client';
import { LIVE_EVENT_PRESENCE, LIVE_EVENT_READY, LIVE_EVENT_STALE, type LivePresenceEvent, type LiveStaleEvent } from '@portal/contract';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/** An EventSource for jsdom (which has none) that a test drives through its `FakeLiveStream`. */
export class FakeEventSource implements LiveEventSource {
  readyState = CONNECTING;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(readonly url: string, readonly withCredentials: boolean) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = CLOSED;
  }

  get closed(): boolean {
    return this.readyState === CLOSED;
  }

  /** The server's answer: a named event with its data. Nothing reaches a closed source. */
  send(type: string, data: string): void {
    if (this.closed) return;
    if (type === LIVE_EVENT_READY) this.readyState = OPEN;
    this.emit(new MessageEvent(type, { data }));
  }

  /** The connection dropped (the browser reconnects) or was refused for good (`closed`), as the browser reports it. */
  fail(closed: boolean): void {
    if (this.closed) return;
    this.readyState = closed ? CLOSED : CONNECTING;
    this.emit(new Event('error'));
  }

  private emit(event: Event): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}

/**
 * The test side of the tab's live stream: what the api-client opened, and the server's part
 * (`ready`, `stale` with keys, a dropped or refused connection) played on the newest open source.
 */
export interface FakeLiveStream {
  /** Pass to createApiClient as `createEventSource`. */
  create: CreateEventSource;
  /** Every source opened since the render, oldest first. */
  opened(): FakeEventSource[];
  /** The sources not closed yet. */
  open(): FakeEventSource[];
  /** The server accepted the stream: the client marks it live and catches up; with `stream`, the id the server gives it (for watch lists). */
  ready(stream?: string): void;
  /** The server names SWR keys that went stale for this viewer. */
  stale(keys: string[]): void;
  /** The server tells who else is on a ticket the tab shows. */
  presence(event: LivePresenceEvent): void;
  /** The connection dropped (the browser reconnects by itself) or, with `closed`, was refused for good. */
  error(options?: { closed?: boolean }): void;
}

export function createFakeLiveStream(): FakeLiveStream {
  const sources: FakeEventSource[] = [];
  const open = () => sources.filter((source) => !source.closed);
  const current = () => {
    const latest = open().at(-1);
    if (!latest) throw new Error('No live stream is open.');
    return latest;
  };
  const play = (run: (source: FakeEventSource) => void) => act(() => run(current()));

  return {
    create: (url, init) => {
      const source = new FakeEventSource(url, init.withCredentials ?? false);
      sources.push(source);
      return source;
    },
    opened: () => [...sources],
    open,
    ready: (stream) => play((source) => source.send(LIVE_EVENT_READY, JSON.stringify(stream ? { stream } : {}))),
    stale: (keys) => play((source) => source.send(LIVE_EVENT_STALE, JSON.stringify({ keys } satisfies LiveStaleEvent))),
    presence: (event) => play((source) => source.send(LIVE_EVENT_PRESENCE, JSON.stringify(event))),
    error: ({ closed = false } = {}) => play((source) => source.fail(closed)),
  };
}
