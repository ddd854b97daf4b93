import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as the browser sees it; a comment (`: ping`) has event 'comment'. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface LiveStreamClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** The first event (already received or still to come) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The URL of an app listening on a free loopback port (listening first if it is not yet). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  let comment = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length > 0) return { event, data: data.join('\n') };
  // A block of its own with only a reconnect delay: what a draining process sends before it ends the stream.
  const retry = /^retry: (\d+)$/m.exec(block);
  if (retry) return { event: 'retry', data: retry[1]! };
  return comment ? { event: 'comment', data: block } : null;
}

/** Opens GET /api/events over real HTTP, as a browser tab would, and collects what arrives. */
export async function openLiveStream(baseUrl: string, cookie?: string): Promise<LiveStreamClient> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {}, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());

  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const parsed = parseBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (parsed) events.push(parsed);
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    close: () => abort.abort(),
    next(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          cleanUp();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const waiter = () => void check();
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
        check();
      });
    },
  };
}

/** The keys of every `stale` event received so far. */
export function staleKeys(stream: LiveStreamClient): string[] {
  return stream.events.filter((e) => e.event === 'stale').flatMap((e) => (JSON.parse(e.data) as { keys: string[] }).keys);
}
