import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CHANGE_SEQ_HEADER, parseChangeSeq } from '@portal/domain';
import { createSequenceWatermark, type SequenceWatermark } from './sequence-watermark';

// Read your writes across processes and machines (docs/decisions/0017-read-your-writes-by-change-sequence.md).
// Every published change gets a number from one counter (the cluster's primary, or a PostgreSQL sequence),
// taken after its transaction commits; the write's answer carries it (`x-portal-seq`), and so do every answer,
// live event and the browser's next request. A request is `current` once this process has heard every change up
// to the number it names (or, naming none, up to the counter's value now): only then may it be answered from
// memory (poll cache, session cache, the safety net's ETag checks). A request that is not current after a few
// milliseconds reads the database.

/** How long a request waits for this process to hear the changes it names before it reads the database instead. */
export const CHANGE_WAIT_MS = 25;

declare module 'fastify' {
  interface FastifyInstance {
    changeSeq: ChangeSequence;
  }
  interface FastifyRequest {
    /**
     * This process has heard every change the caller may have seen (the number it sent, or the counter's value as
     * the request began): answers from memory are as new as the database. False: read the database.
     */
    current: boolean;
    /** The change number this request is answered at (what its answer's `x-portal-seq` says at least). */
    changeSeq: number;
  }
}

/** Where the counter's value now comes from: the transport that numbers the changes (events.ts). */
export interface ChangeCounter {
  current(): Promise<number>;
}

export interface ChangeSequence extends SequenceWatermark {
  /** Set by the events plugin once its transport runs: before that, every request reads the database. */
  useCounter(counter: ChangeCounter): void;
}

/** Does this request's answer depend on the change sequence (an API call, or a page with its first screen)? */
const gated = (request: FastifyRequest): boolean =>
  request.url.startsWith('/api/') || (request.headers.accept ?? '').includes('text/html');

export const changeSequencePlugin = fp(
  async (app) => {
    const { log, metrics } = app;
    let counter: ChangeCounter | undefined;
    const watermark = createSequenceWatermark({
      current: () => (counter ? counter.current() : Promise.reject(new Error('no change counter yet'))),
      log,
    });
    app.addHook('onClose', async () => watermark.close());

    // Not a spread of `watermark`: that would copy its getters' values once.
    app.decorate('changeSeq', {
      get applied() {
        return watermark.applied;
      },
      get known() {
        return watermark.known;
      },
      heard: watermark.heard,
      begin: watermark.begin,
      settle: watermark.settle,
      onJump: watermark.onJump,
      close: watermark.close,
      useCounter(next: ChangeCounter) {
        counter = next;
      },
    } satisfies ChangeSequence);
    app.decorateRequest('current', true);
    app.decorateRequest('changeSeq', 0);

    // Before the auth plugin's hook: the session cache is memory too. Callback hooks, and no promise when the number
    // named has been heard already (nearly every poll): they run on every request.
    const count = (outcome: 'current' | 'waited' | 'behind' | 'asked') => metrics.changeSeqRequests.inc({ outcome });
    app.addHook('onRequest', (request, _reply, done) => {
      if (!gated(request)) {
        done();
        return;
      }
      const named = parseChangeSeq(request.headers[CHANGE_SEQ_HEADER]);
      if (counter && named !== undefined && named <= watermark.applied) {
        request.changeSeq = named;
        count('current');
        done();
        return;
      }
      if (!counter) {
        request.current = false;
        request.changeSeq = named ?? 0;
        done();
        return;
      }
      watermark.settle(named, CHANGE_WAIT_MS).then(({ current, seq }) => {
        request.current = current;
        request.changeSeq = seq;
        if (named === undefined) count('asked');
        if (!current) count('behind');
        else if (named !== undefined) count('waited');
        done();
      }, done);
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (gated(request)) void reply.header(CHANGE_SEQ_HEADER, String(Math.max(request.changeSeq, watermark.known)));
      done(null, payload);
    });
  },
  { name: 'portal-change-sequence', dependencies: ['portal-config', 'portal-metrics'] },
);
