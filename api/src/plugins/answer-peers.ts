import { LIVE_CHECK_ETAG_MAX_CHARS, type Viewer } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How the API processes of one machine tell each other which polled answers they hold
 * (docs/architecture.md#answers-from-memory). A process that computed and kept an answer sends its ETag, never its
 * body; a sibling keeps that ETag as the viewer's current answer, so a poll with that If-None-Match, or a check
 * (POST /events/check) naming it, is answered there from memory too, whichever process the request reaches.
 *
 * A sibling takes the ETag only if it heard no change that drops it since the read began: `started` is read from
 * the machine's monotonic clock (one clock for every process of a machine), so it compares with when the sibling
 * heard each change, and a change is heard only after it committed. A change committed after the read began is
 * heard after `started` wherever it is heard, so the answer it may have missed is refused; one heard later drops it
 * as it drops any answer. Only processes of one machine share answers: the clock is the machine's.
 */
export interface SharedAnswer {
  viewer: Viewer;
  /** The URL as the browser sends it (with /api and the query). */
  url: string;
  etag: string;
  /** When the read began, on the machine's monotonic clock (monotonicMs). */
  started: number;
  /** When the ETag stops answering (epoch ms), as the process that computed it keeps it. */
  tagExpires: number;
}

export interface AnswerPeers {
  /** Starts hearing the siblings' answers. */
  start(receive: (answer: SharedAnswer) => void): void;
  /** Tells every sibling this process keeps `answer`. Never throws. */
  share(answer: SharedAnswer): void;
  close(): void;
}

/** Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC: the same in every process of a machine). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000;
}

/** Bounds on what a sibling sends: a URL (a polled read's, with its query), an ETag as a check may name it, a viewer's company lists. */
const MAX_URL_CHARS = 2_000;
const MAX_COMPANIES = 10_000;

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length <= MAX_COMPANIES && value.every((id) => Number.isInteger(id));

/** A shared answer as it arrives from a sibling: its shape checked, never trusted blindly. */
export function isSharedAnswer(value: unknown): value is SharedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { viewer, url, etag, started, tagExpires } = value as Record<string, unknown>;
  if (typeof viewer !== 'object' || viewer === null) return false;
  const { contactId, groupId, companyIds, primaryCompanyIds, ...rest } = viewer as Record<string, unknown>;
  return Number.isInteger(contactId) && Number.isInteger(groupId) && isIdList(companyIds) && isIdList(primaryCompanyIds)
    && Object.keys(rest).length === 0
    && typeof url === 'string' && url.startsWith('/api/') && url.length <= MAX_URL_CHARS
    && typeof etag === 'string' && etag.length > 0 && etag.length <= LIVE_CHECK_ETAG_MAX_CHARS
    && typeof started === 'number' && Number.isFinite(started) && typeof tagExpires === 'number' && Number.isFinite(tagExpires);
}

// ---------------------------------------------------------------------------------------------
// Cluster IPC (`npm start` with WORKERS > 1), whatever carries the changes.
//
// The message, both ways, exactly:   { type: 'portal:answer', answer: SharedAnswer }
//   worker -> primary: process.send(message) when the worker keeps an answer it computed;
//   primary -> worker: the primary's relay (server/lib/cluster.ts) forwards it to every OTHER worker, unchanged.
// A primary that does not relay it (started before this) only means each process vouches for its own answers.
// ---------------------------------------------------------------------------------------------

export const CLUSTER_ANSWER_TYPE = 'portal:answer';

export interface ClusterAnswerMessage {
  type: typeof CLUSTER_ANSWER_TYPE;
  answer: SharedAnswer;
}

/** The part of `process` a worker talks to its primary through (a fake one in tests). */
export interface AnswerChannel {
  send?: (message: ClusterAnswerMessage, callback: (error: Error | null) => void) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function clusterAnswerPeers(channel: AnswerChannel, log: Pick<FastifyBaseLogger, 'warn'>): AnswerPeers {
  let onMessage: ((message: unknown) => void) | undefined;
  let warned = false;
  const failed = (error: unknown) => {
    // An answer not shared costs only a read on a sibling: said once, not per answer.
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'answers from memory: an answer was not shared with the other API processes');
  };
  return {
    start(receive) {
      onMessage = (message) => {
        if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== CLUSTER_ANSWER_TYPE) return;
        const { answer } = message as { answer?: unknown };
        if (isSharedAnswer(answer)) receive(answer);
      };
      channel.on('message', onMessage);
    },
    share(answer) {
      try {
        channel.send?.({ type: CLUSTER_ANSWER_TYPE, answer }, (error) => {
          if (error) failed(error);
        });
      } catch (error) {
        failed(error);
      }
    },
    close() {
      if (onMessage) channel.off('message', onMessage);
      onMessage = undefined;
    },
  };
}
