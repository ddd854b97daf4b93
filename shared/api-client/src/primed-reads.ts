import { CHANGE_SEQ_HEADER } from '@portal/domain';
import { changeSeqHeaders } from './change-seq';

// Reads answered before their request (docs/performance.md#data-with-the-page): the first screen's data the server
// wrote into the page, and a link's page read while the pointer rests on it. The next GET of the same path takes the
// answer instead of going to the network, once. Read your writes holds: any write the tab sends forgets them all,
// a live event forgets those of the keys it names, and an answer older than PRIMED_READ_MAX_AGE_MS is not taken
// (the live stream's catch-up and the page's own polling read afresh after).

/** An API answer as it came: what http parses and tags, as if it had just fetched it. */
export interface PrimedAnswer {
  status: number;
  body: unknown;
  etag: string | null;
  /** The change number the answer came with (its CHANGE_SEQ_HEADER), when it had one. */
  seq: string | null;
}

/** How long a primed answer may stand in for a request: the time from a pointer on a link to the click, or a page's code arriving. */
export const PRIMED_READ_MAX_AGE_MS = 15_000;

const primed = new Map<string, { answer: Promise<PrimedAnswer>; at: number }>();

/** Keeps `answer` for the next GET of `path` (`/ticket/9`, as the endpoint table writes paths). */
export function primeRead(path: string, answer: PrimedAnswer | Promise<PrimedAnswer>, now: number = Date.now()): void {
  const settled = Promise.resolve(answer);
  // A failed prefetch is the request's to make again: never an unhandled rejection.
  settled.catch(() => undefined);
  primed.set(path, { answer: settled, at: now });
}

/** The primed answer of `path`, taken (a second GET goes to the network), or undefined when none is fresh. */
export function takePrimedRead(path: string, now: number = Date.now()): Promise<PrimedAnswer> | undefined {
  const entry = primed.get(path);
  if (!entry) return undefined;
  primed.delete(path);
  return now - entry.at <= PRIMED_READ_MAX_AGE_MS ? entry.answer : undefined;
}

/** Whether `path` has a fresh primed answer waiting (a prefetch need not start again). */
export function hasPrimedRead(path: string, now: number = Date.now()): boolean {
  const entry = primed.get(path);
  return entry !== undefined && now - entry.at <= PRIMED_READ_MAX_AGE_MS;
}

/**
 * Forgets the primed answers of the paths `matches` names, or every one: the tab is writing, or the live stream
 * said those changed, so what was read ahead may be out of date.
 */
export function forgetPrimedReads(matches?: (path: string) => boolean): void {
  if (!matches) primed.clear();
  else for (const path of [...primed.keys()]) if (matches(path)) primed.delete(path);
}

/**
 * Starts GET `root + path` now, as http would send it (the tab's cookies and change number), and primes its answer.
 * Nothing when a fresh answer is already primed.
 */
export function prefetchRead(path: string, { root = '/api', fetch: fetchImpl = globalThis.fetch.bind(globalThis) }: { root?: string; fetch?: typeof globalThis.fetch } = {}): void {
  if (hasPrimedRead(path)) return;
  primeRead(path, (async () => {
    const response = await fetchImpl(`${root}${path}`, { method: 'GET', credentials: 'same-origin', headers: { accept: 'application/json', ...changeSeqHeaders() } });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), etag: response.headers.get('etag'), seq: response.headers.get(CHANGE_SEQ_HEADER) };
  })());
}

/**
 * The first screen's reads the server wrote into the page (server/lib/page-hints.ts firstReads): `{ path: answer }`,
 * each primed as the API answered it.
 */
export function primeFirstReads(reads: Readonly<Record<string, { body: unknown; etag?: string | null; seq?: string | null }>>, now: number = Date.now()): void {
  for (const [path, read] of Object.entries(reads)) primeRead(path, { status: 200, body: read.body, etag: read.etag ?? null, seq: read.seq ?? null }, now);
}
