import http from 'node:http';
import { CHANGE_SEQ_HEADER, LIVE_SAFETY_POLL_MS, keyMatches, parseChangeSeq, watchListOf } from '@portal/domain';
import type { Samples } from './push-load-samples';
import { pollsOf, type User } from './push-load-users';

// One simulated browser tab of the push benchmark, as the load generators (push-load-generator.ts) run
// thousands of them: its polls, its HTTP cache, its event stream.

/** Tabs send their watch lists after `ready`, as the browser does (BENCH_WATCH=0: they do not, and are told every key). */
const WATCH = process.env.BENCH_WATCH !== '0';
/** With push on, tabs check their safety-net keys in one request (BENCH_CHECK=0: each key polls alone, as before checks). */
const CHECK = process.env.BENCH_CHECK !== '0';
/**
 * With push on, a generator's tabs send their polls through one pool of this many keep-alive connections, as
 * the portal's reverse proxy does upstream (each browser holds one HTTP/2 connection to the proxy). Each
 * tab's stream keeps its own connection. Without the pool, every 30 s safety-net poll of 20,000 tabs opened
 * a new connection (a browser keeps it, but 20,000 streams plus as many idle poll connections do not fit
 * the file limit), and the machine's time went to the kernel's connection setup, not to the portal.
 */
export const UPSTREAM_POOL_SOCKETS = 256;
/** Source addresses the tabs connect from (127.0.0.2 …): each has its own ephemeral ports, so 20,000 streams plus their polls fit. */
export const SOURCE_ADDRESSES = 60;

/**
 * One simulated browser tab: its own keep-alive connections (idle ones closed after `idleMs`, so
 * 20,000 tabs fit in the file limit), its polls, an HTTP cache (each key's `ETag` sent back as
 * `If-None-Match`; a 304 is an answer like a 200), and in push mode its event stream.
 */
export class Tab {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<string>();
  private etags = new Map<string, string>();
  private stream: http.ClientRequest | null = null;
  private readonly agent: http.Agent;
  /** The highest change number the tab has seen, sent with each request as the browser does (x-portal-seq). */
  private seq = 0;
  private noteSeq(value: unknown): void {
    const seq = parseChangeSeq(value);
    if (seq !== undefined && seq > this.seq) this.seq = seq;
  }
  private seqHeaders(): http.OutgoingHttpHeaders {
    return this.seq > 0 ? { [CHANGE_SEQ_HEADER]: String(this.seq) } : {};
  }

  /** `pool`: the polls go through it instead of the tab's own connections (see UPSTREAM_POOL_SOCKETS). */
  constructor(private readonly user: User, private readonly port: number, private readonly samples: Samples, private readonly localAddress: string, idleMs: number, private readonly pool?: http.Agent) {
    this.agent = pool ?? new http.Agent({ keepAlive: true, maxSockets: 6, timeout: idleMs, localAddress });
  }

  get(key: string, done?: () => void): void {
    if (this.inFlight.has(key)) {
      done?.();
      return; // SWR dedupes a key already being fetched
    }
    this.inFlight.add(key);
    const started = performance.now();
    const headers: http.OutgoingHttpHeaders = { cookie: this.user.cookie, accept: 'application/json', ...this.seqHeaders() };
    const etag = this.etags.get(key);
    if (etag) headers['if-none-match'] = etag;
    const request = http.get({ host: '127.0.0.1', port: this.port, path: `/api${key}`, agent: this.agent, headers }, (response) => {
      const status = response.statusCode ?? 0;
      this.noteSeq(response.headers[CHANGE_SEQ_HEADER]);
      const tag = response.headers.etag;
      if (status === 200 && tag) this.etags.set(key, tag);
      response.resume();
      response.on('end', () => {
        this.inFlight.delete(key);
        this.samples.record(performance.now() - started, status);
        done?.();
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      this.inFlight.delete(key);
      this.samples.record(performance.now() - started, 0);
      done?.();
    });
  }

  /**
   * The screen's first reads, as a page makes them when it opens: every key once, one after another (with push
   * on through the generator's pool, as over a browser's one HTTP/2 connection to a proxy; thousands of tabs
   * opening five connections each would only measure the file limit); resolves when all are answered.
   */
  async load(): Promise<void> {
    for (const poll of pollsOf(this.user)) await new Promise<void>((resolve) => this.get(poll.key, resolve));
  }

  startPolling(live: boolean): void {
    if (live && CHECK) {
      // The safety net in one request a tab, as the browser sends it (POST /api/events/check), at a random phase.
      const first = setTimeout(() => {
        this.check();
        this.timers.push(setInterval(() => this.check(), LIVE_SAFETY_POLL_MS));
      }, Math.random() * LIVE_SAFETY_POLL_MS);
      this.timers.push(first);
      return;
    }
    for (const poll of pollsOf(this.user)) {
      const every = live ? LIVE_SAFETY_POLL_MS : poll.everyMs;
      // A random phase, as tabs opened at different moments.
      const first = setTimeout(() => {
        this.get(poll.key);
        this.timers.push(setInterval(() => this.get(poll.key), every));
      }, Math.random() * every);
      this.timers.push(first);
    }
  }

  /** The tab's safety-net check: its keys with the ETags it holds; the keys named in the answer are read again. */
  check(): void {
    const keys = pollsOf(this.user).map((poll) => ({ key: poll.key, etag: this.etags.get(poll.key) ?? null }));
    const body = JSON.stringify({ keys });
    const started = performance.now();
    const request = http.request({
      host: '127.0.0.1', port: this.port, path: '/api/events/check', method: 'POST', agent: this.agent,
      headers: {
        cookie: this.user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${this.port}`,
        ...this.seqHeaders(),
      },
    }, (response) => {
      const status = response.statusCode ?? 0;
      this.noteSeq(response.headers[CHANGE_SEQ_HEADER]);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        this.samples.record(performance.now() - started, status);
        if (status !== 200) return;
        // The bare route answers a fixed body: nothing named.
        for (const key of (JSON.parse(text) as { stale?: string[] }).stale ?? []) this.get(key);
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => this.samples.record(performance.now() - started, 0));
    request.end(body);
  }

  /** Tells the stream which keys this tab shows, as the browser does after `ready` (POST /api/events/watch). */
  watch(stream: string): void {
    const body = JSON.stringify({ stream, seq: 1, keys: watchListOf(pollsOf(this.user).map((p) => p.key)) });
    const request = http.request({
      host: '127.0.0.1', port: this.port, path: '/api/events/watch', method: 'POST', agent: this.agent,
      headers: { cookie: this.user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${this.port}` },
    }, (response) => response.resume());
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => undefined);
    request.end(body);
  }

  /**
   * Opens the stream; resolves on `ready`, after which the tab sends its watch list (unless BENCH_WATCH=0: then
   * the stream names every key the viewer may read, as for a tab before watch lists). A `stale` event fetches
   * the named keys this tab shows again.
   */
  openStream(onStale?: (keys: string[]) => void): Promise<void> {
    const keys = pollsOf(this.user).map((p) => p.key);
    return new Promise((resolve, reject) => {
      const request = http.get({
        host: '127.0.0.1', port: this.port, path: '/api/events', localAddress: this.localAddress,
        headers: { cookie: this.user.cookie, accept: 'text/event-stream' },
      }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event === 'ready') {
              const ready = data ? (JSON.parse(data) as { stream?: string; seq?: number }) : undefined;
              this.noteSeq(ready?.seq);
              const stream = ready?.stream;
              if (stream && WATCH) this.watch(stream);
              resolve();
            }
            if (event === 'stale' && data) {
              const { keys: stale, seq } = JSON.parse(data) as { keys: string[]; seq?: number };
              this.noteSeq(seq);
              onStale?.(stale);
              for (const key of keys) if (stale.some((s) => keyMatches(s, key))) this.get(key);
            }
          }
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error('stream not ready within 30 s')));
      request.on('response', () => request.setTimeout(0));
      request.on('error', reject);
      this.stream = request;
    });
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.stream?.destroy();
    if (!this.pool) this.agent.destroy();
  }
}
