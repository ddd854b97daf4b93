import type { Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { backoffDelay } from '@portal/domain';

/**
 * One API process per core (docs/decisions/0009-one-process-per-core.md): `npm start` forks WORKERS workers with node:cluster, all
 * on one port. The primary serves nothing itself: it prepares (build, migrate, seed) before forking,
 * relays live events between workers, restarts a worker that dies and stops them all on a signal.
 */

/** WORKERS, else the number of cores this process may use; 1 is the single process of old. */
export function workerCount(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const raw = env.WORKERS?.trim();
  if (!raw) return Math.max(1, cores);
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`WORKERS must be a whole number from 1 up, not "${raw}"`);
  return count;
}

/**
 * V8's semi-space (each half of the young generation) of an API worker, in MB; Node's default is 16. A worker
 * holding 10,000 live streams has a heap of 300-600 MB, and its scavenges (10-40 ms each) ran twice a second: at 32
 * they run about half as often, and with 20,000 users on `npm run bench:push` the p99 went from 60.5 / 99.1 ms
 * to 53.1 / 41.2 ms (interleaved runs; docs/architecture.md#scale). It costs at most 48 MB more per worker.
 */
export const WORKER_SEMI_SPACE_MB = 32;

/** The Node options a worker starts with: the primary's, and the semi-space above unless NODE_OPTIONS or the primary sets one. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const chosen = [...execArgv, nodeOptions].some((option) => /--max-semi-space-size\b/.test(option));
  return chosen ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * What the primary sends a worker it replaced in a rolling restart (the same string as RETIRE_MESSAGE in
 * api/src/shutdown.ts): drain and exit now (docs/operations.md#stopping-restarting-and-upgrading).
 */
export const RETIRE_MESSAGE = 'portal:retire';

/**
 * The live-event protocol between workers and the primary (api/src/plugins/event-transports.ts, "Cluster IPC"; the
 * same strings): a worker publishes a batch of changes, the primary numbers it from its counter
 * (docs/decisions/0017-read-your-writes-by-change-sequence.md), forwards it to every other worker and then tells the
 * sender its number; a worker may ask for the counter's value.
 */
export const PORTAL_PUBLISH = 'portal:publish';
export const PORTAL_EVENT = 'portal:event';
export const PORTAL_PUBLISHED = 'portal:published';
export const PORTAL_COUNTER = 'portal:counter';
/**
 * What a worker sends when it keeps a polled answer it computed, for the other workers' answers from memory
 * (api/src/plugins/answer-peers.ts: its ETag, never its body).
 */
export const PORTAL_ANSWER = 'portal:answer';

/** The part of a cluster worker the relay uses (a fake one in tests). */
export type RelayPeer = Pick<Worker, 'id' | 'isConnected' | 'send'>;

/** The machine's change counter: it starts at the time in microseconds, so a restart never counts below a number a browser saw. */
export interface ChangeCounter {
  value: number;
}

export function createChangeCounter(now = Date.now()): ChangeCounter {
  return { value: now * 1000 };
}

const isWatchOnly = (changes: unknown[]) =>
  changes.every((change) => typeof change === 'object' && change !== null && (change as { kind?: unknown }).kind === 'watch');

const toOthers = (from: RelayPeer, message: unknown, peers: Iterable<RelayPeer | undefined>): number => {
  let sent = 0;
  for (const peer of peers) {
    if (!peer || peer.id === from.id || !peer.isConnected()) continue;
    peer.send(message as Parameters<Worker['send']>[0]);
    sent += 1;
  }
  return sent;
};

/**
 * The primary's side of the protocol: numbers a worker's published batch, forwards it to every other connected
 * worker and answers the sender (after the others were sent it); answers a counter request; forwards a kept answer
 * unchanged. The receivers check every change's shape before they trust it. Answers how many workers a batch or
 * answer went to; anything else on the channel is not the relay's (0).
 */
export function relayMessage(from: RelayPeer, message: unknown, peers: Iterable<RelayPeer | undefined>, counter: ChangeCounter): number {
  if (typeof message !== 'object' || message === null) return 0;
  const { type, id, changes } = message as { type?: unknown; id?: unknown; changes?: unknown };
  if (type === PORTAL_ANSWER && 'answer' in message) return toOthers(from, message, peers);
  if (type === PORTAL_COUNTER && Number.isSafeInteger(id)) {
    from.send({ type: PORTAL_COUNTER, id, seq: counter.value });
    return 0;
  }
  if (type !== PORTAL_PUBLISH || !Array.isArray(changes) || changes.length === 0) return 0;
  const numbered = Number.isSafeInteger(id) && !isWatchOnly(changes);
  const seq = numbered ? (counter.value += 1) : undefined;
  const sent = toOthers(from, { type: PORTAL_EVENT, seq, changes }, peers);
  if (numbered) from.send({ type: PORTAL_PUBLISHED, id, seq });
  return sent;
}

/** The part of node:cluster the supervisor drives (the primary's `cluster`). */
export interface ClusterPrimary {
  fork(env?: NodeJS.ProcessEnv): Worker;
  readonly workers?: NodeJS.Dict<Worker>;
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown;
  on(event: 'listening', listener: (worker: Worker) => void): unknown;
  on(event: 'exit', listener: (worker: Worker, code: number, signal: string) => void): unknown;
}

/** pino-shaped; a worker's pid goes in `worker_pid`, as pino's own `pid` is the primary's. */
export type SupervisorLog = (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;

export interface SupervisorOptions {
  count: number;
  /** Where worker starts, stops and crashes go: the primary's pino logger (`logger[level](fields, message)`). */
  log: SupervisorLog;
  /** Once, when every first worker listens. */
  onReady: (pids: number[]) => void;
  /** A worker died before the portal was ever ready (a port in use, a broken build): give up. */
  onStartFailure: (reason: string) => void;
  /** Every worker stopped on its own (code 0) while the primary was not stopping them. */
  onAllStopped?: () => void;
  /** The first restart waits this long, doubling while workers keep dying young (default 250 ms, at most 10 s). */
  restartDelayMs?: number;
  /** How long a stop waits for the workers' graceful close before it kills them (default 10 s). */
  stopTimeoutMs?: number;
}

/** A worker that lived this long was healthy: the next restart is quick again. */
const HEALTHY_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 10_000;

export function superviseWorkers(cluster: ClusterPrimary, options: SupervisorOptions) {
  const { count, log } = options;
  const baseDelay = options.restartDelayMs ?? 250;
  const startedAt = new Map<number, number>();
  let ready = false;
  let stopping = false;
  let quickDeaths = 0;
  const listening = new Set<number>();
  /** Workers whose exit is the rolling restart's doing (retired, or a replacement that failed): not restarted. */
  const unsupervised = new Set<number>();
  let restarting: Promise<number> | undefined;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    // A message sent just as the worker exits (a relayed live event, a retire) fails with EPIPE: not the primary's end.
    worker.on('error', (error: Error) => {
      log('warn', { worker_pid: worker.process.pid, err: error.message }, `message to API process ${worker.process.pid} not delivered`);
    });
    return worker;
  };

  const counter = createChangeCounter();
  cluster.on('message', (worker, message) => {
    relayMessage(worker, message, Object.values(cluster.workers ?? {}), counter);
  });

  cluster.on('listening', (worker) => {
    log('info', { worker_pid: worker.process.pid }, `API process ${worker.process.pid} started`);
    if (ready) return;
    listening.add(worker.id);
    if (listening.size < count) return;
    ready = true;
    options.onReady(Object.values(cluster.workers ?? {}).flatMap((w) => (w?.process.pid ? [w.process.pid] : [])));
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (unsupervised.delete(worker.id)) return;
    if (stopping || worker.exitedAfterDisconnect) return;
    const cause = signal ? `signal ${signal}` : `code ${code}`;
    // Code 0 is a worker that was told to stop (Ctrl-C reaches the workers too): not a crash.
    if (!signal && code === 0) {
      log('info', { worker_pid: worker.process.pid, code }, `API process ${worker.process.pid} stopped`);
      if (!Object.values(cluster.workers ?? {}).some((w) => w && !w.isDead())) options.onAllStopped?.();
      return;
    }
    if (!ready) {
      options.onStartFailure(`API process ${worker.process.pid} exited (${cause}) before the portal was ready`);
      return;
    }
    quickDeaths = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths + 1;
    const delay = backoffDelay(quickDeaths, { baseMs: baseDelay, maxMs: MAX_RESTART_DELAY_MS });
    log('error', { worker_pid: worker.process.pid, code, signal: signal || null, lived_ms: lived, restart_in_ms: delay },
      `API process ${worker.process.pid} crashed (${cause}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  for (let i = 0; i < count; i++) fork();

  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  /** True once `worker` listens; false when it exits first. */
  const listens = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
  /** Tells `worker` to drain and waits for its exit (SIGKILL after the stop timeout). */
  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      unsupervised.add(worker.id);
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), stopTimeoutMs);
      worker.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      if (worker.isConnected()) worker.send({ type: RETIRE_MESSAGE });
      else worker.process.kill('SIGTERM');
    });

  return {
    /**
     * A rolling restart (docs/operations.md#stopping-restarting-and-upgrading): one worker at a time, a new one
     * is forked and listening before the old one drains (RETIRE_MESSAGE), so the port is always served
     * and at most one worker is leaving. Answers how many workers were replaced; a call while one
     * runs joins it. Stops early (keeping the old worker) when a replacement exits before it listens.
     */
    restart(): Promise<number> {
      restarting ??= (async () => {
        let replaced = 0;
        try {
          const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
          log('info', { workers: old.length }, 'rolling restart: replacing the API processes one at a time');
          for (const worker of old) {
            if (stopping) break;
            if (worker.isDead()) continue;
            const replacement = fork();
            const exited = () => unsupervised.add(replacement.id);
            replacement.once('exit', exited);
            if (!(await listens(replacement))) {
              log('error', { worker_pid: replacement.process.pid }, 'rolling restart stopped: the new API process exited before it listened');
              break;
            }
            replacement.off('exit', exited);
            await retire(worker);
            log('info', { worker_pid: worker.process.pid, replaced_by: replacement.process.pid },
              `API process ${worker.process.pid} replaced by ${replacement.process.pid}`);
            replaced += 1;
          }
          log('info', { replaced }, 'rolling restart done');
        } finally {
          restarting = undefined;
        }
        return replaced;
      })();
      return restarting;
    },
    /** SIGTERM to every worker (each closes its server and database), SIGKILL to any still running after the timeout. */
    async stop(): Promise<void> {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              const kill = setTimeout(() => worker.process.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
              worker.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
