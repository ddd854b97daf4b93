import type { FastifyBaseLogger } from 'fastify';

// How far this process has heard the numbered changes (docs/decisions/0017-read-your-writes-by-change-sequence.md).
// Changes may arrive out of order (two writers, two processes): `applied` is the number up to which every change
// has been heard, `known` the highest number known to exist. A number that never arrives (a process that died
// between taking it and sending it) stalls `applied`: after STALL_MS the watermark reads the counter, has every
// answer held in memory dropped (the gap listeners), and jumps to the counter's value.

/** A watermark stuck this long below a number known to exist: the change is taken as lost. */
export const STALL_MS = 1000;
const STALL_CHECK_MS = 100;

export interface SequenceWatermark {
  /** Every change up to this number has been heard here. */
  readonly applied: number;
  /** The highest number known to exist here (heard, taken by this process, or read from the counter). */
  readonly known: number;
  /** Call once the change numbered `seq` has dropped what it made stale in this process. */
  heard(seq: number): void;
  /**
   * This process began to hear changes when the counter stood at `seq`: nothing it holds predates that (it held
   * nothing), so every change up to it counts as heard.
   */
  begin(seq: number): void;
  /**
   * The number a request is answered at, and whether this process has heard every change up to it (waiting up to
   * `waitMs`). `named`: the number the caller sent (the highest it has seen); without one, the counter's value now.
   */
  settle(named: number | undefined, waitMs: number): Promise<{ current: boolean; seq: number }>;
  /** Told before the watermark jumps over a lost change: drop everything held in memory. */
  onJump(listener: () => void): void;
  close(): void;
}

interface Waiter {
  seq: number;
  resolve(reached: boolean): void;
}

export function createSequenceWatermark(options: {
  current(): Promise<number>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  stallMs?: number;
}): SequenceWatermark {
  const stallMs = options.stallMs ?? STALL_MS;
  let applied = 0;
  let known = 0;
  const pending = new Set<number>();
  let waiters: Waiter[] = [];
  const jumpListeners: (() => void)[] = [];

  const release = () => {
    if (waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of waiters) {
      if (waiter.seq <= applied) waiter.resolve(true);
      else still.push(waiter);
    }
    waiters = still;
  };
  const advanceTo = (seq: number) => {
    if (seq > applied) applied = seq;
    known = Math.max(known, applied);
    for (const held of pending) if (held <= applied) pending.delete(held);
    while (pending.delete(applied + 1)) applied += 1;
    release();
  };

  let jumping: Promise<void> | undefined;
  const jump = () => {
    jumping ??= (async () => {
      try {
        const counter = await options.current();
        known = Math.max(known, counter);
        if (counter <= applied) return;
        options.log.warn({ applied, counter }, 'live changes: a numbered change never arrived; every answer in memory dropped');
        for (const listener of jumpListeners) listener();
        advanceTo(counter);
      } catch (error) {
        options.log.warn({ err: error }, 'live changes: the change counter could not be read');
      } finally {
        jumping = undefined;
      }
    })();
  };

  // A watermark that has not moved for stallMs while a higher number is known jumps.
  let stalledAt = -1;
  let stalledSince = 0;
  const check = setInterval(() => {
    if (known <= applied) {
      stalledAt = -1;
      return;
    }
    const now = Date.now();
    if (stalledAt !== applied) {
      stalledAt = applied;
      stalledSince = now;
    } else if (now - stalledSince >= stallMs) {
      stalledAt = -1;
      jump();
    }
  }, STALL_CHECK_MS);
  check.unref();

  const reach = (seq: number, waitMs: number): Promise<boolean> => {
    if (seq <= applied) return Promise.resolve(true);
    if (waitMs <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((other) => other !== waiter);
        resolve(false);
      }, waitMs);
      const waiter: Waiter = {
        seq,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      waiters.push(waiter);
    });
  };

  return {
    get applied() {
      return applied;
    },
    get known() {
      return known;
    },
    heard(seq) {
      if (!Number.isSafeInteger(seq) || seq <= applied) return;
      known = Math.max(known, seq);
      pending.add(seq);
      advanceTo(applied);
    },
    begin(seq) {
      known = Math.max(known, seq);
      advanceTo(seq);
    },
    async settle(named, waitMs) {
      let seq = named;
      if (seq === undefined) {
        try {
          seq = await options.current();
        } catch {
          // Without the counter nothing vouches for memory: the database answers.
          return { current: false, seq: known };
        }
        known = Math.max(known, seq);
      }
      if (await reach(seq, waitMs)) return { current: true, seq };
      if (named === undefined) return { current: false, seq };
      // A number beyond the counter was never handed out (a forged one, or one of another counter): the counter's value stands instead.
      let counter: number;
      try {
        counter = await options.current();
      } catch {
        return { current: false, seq };
      }
      known = Math.max(known, counter);
      if (named <= counter) return { current: false, seq };
      return { current: await reach(counter, waitMs), seq: counter };
    },
    onJump(listener) {
      jumpListeners.push(listener);
    },
    close() {
      clearInterval(check);
      for (const waiter of waiters) waiter.resolve(false);
      waiters = [];
    },
  };
}
