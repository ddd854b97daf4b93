import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

// A clean stop (docs/operations.md#stopping-restarting-and-upgrading). On SIGTERM (or SIGINT, or the primary's
// "retire" message during a rolling restart) a process: marks itself draining (/api/ready answers 503 and
// every answer from then on closes its connection), optionally keeps answering DRAIN_DELAY_MS so a load
// balancer sees that, stops listening (an open keep-alive connection gets half a second to bring one more
// request, answered with `Connection: close`; those still idle are closed then), ends its live
// streams with a short retry hint (the browsers reconnect to another process by themselves), stops the
// job runner (the running item finishes, the leases it still holds go back), lets the requests in flight
// finish, closes the database, and exits. Whatever hangs, it exits SHUTDOWN_LIMIT_MS after the signal.

/** A process that received SIGTERM is gone this long after, whatever happens. */
export const SHUTDOWN_LIMIT_MS = 10_000;
/** What a cluster worker's primary sends a worker it replaced in a rolling restart: drain now, no delay. */
export const RETIRE_MESSAGE = 'portal:retire';
/** DRAIN_DELAY_MS is capped so the delay and the close fit in SHUTDOWN_LIMIT_MS. */
const MAX_DRAIN_DELAY_MS = 5_000;
/** How long an open keep-alive connection may still bring a request (answered, with `Connection: close`) once the port is closed. */
const KEEP_ALIVE_GRACE_MS = 500;

/** DRAIN_DELAY_MS: how long a stopping process still answers (with /api/ready at 503) before it stops listening; default 0. */
export function drainDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DRAIN_DELAY_MS);
  return Number.isFinite(value) && value > 0 ? Math.min(value, MAX_DRAIN_DELAY_MS) : 0;
}

/** Drains `app` (see above) and closes it; resolves once the requests in flight finished and the database is closed. */
export async function drainAndClose(app: FastifyInstance, options: { delayMs?: number } = {}): Promise<void> {
  app.lifecycle.draining = true;
  const delayMs = options.delayMs ?? 0;
  app.log.info({ delay_ms: delayMs }, 'draining: no new requests, closing the live streams and the job runner');
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (app.server.listening) {
    // Stops accepting at once (a cluster worker leaves the primary's rotation) but leaves the open
    // keep-alive connections alone for a moment (net's close, not http's, which would drop the idle
    // ones now): a request a client is sending on one right now is answered, with `Connection: close`,
    // rather than cut off. app.close() then closes those still idle and waits for the busy ones
    // (Fastify answers 503 to a request that arrives on one after that).
    Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_GRACE_MS));
  }
  await app.close();
}

export interface StopOptions {
  /** Before a SIGTERM/SIGINT drain (not a retire); default DRAIN_DELAY_MS. */
  delayMs?: number;
  /** Default SHUTDOWN_LIMIT_MS; the process exits with code 1 when the drain has not finished by then. */
  limitMs?: number;
  /** Default process.exit. */
  exit?: (code: number) => void;
}

/**
 * Wires a serving process's stop: SIGTERM and SIGINT (and, in a cluster worker, the primary's
 * RETIRE_MESSAGE or the primary going away) drain `app` and exit 0; a hard timer exits 1 when the
 * drain takes longer than the limit. The first of them wins; later ones are ignored.
 */
export function stopGracefully(app: FastifyInstance, options: StopOptions = {}): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const limitMs = options.limitMs ?? SHUTDOWN_LIMIT_MS;
  let stopping = false;
  const stop = (why: string, delayMs: number) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    const hard = setTimeout(() => {
      app.log.error({ limit_ms: limitMs }, 'drain not finished in time: exiting anyway');
      exit(1);
    }, limitMs);
    hard.unref();
    app.log.info({ reason: why }, 'stopping');
    drainAndClose(app, { delayMs }).then(
      () => {
        clearTimeout(hard);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(hard);
        app.log.error({ err: error }, 'drain failed');
        exit(1);
      },
    );
  };
  const delayMs = options.delayMs ?? drainDelayMs();
  // `on`, not `once`: a second signal (the process group's and the primary's, both) must find the listener, or
  // Node's default action kills the process mid-drain.
  process.on('SIGTERM', () => stop('SIGTERM', delayMs));
  process.on('SIGINT', () => stop('SIGINT', delayMs));
  if (process.send) {
    process.on('message', (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type === RETIRE_MESSAGE) stop('replaced in a rolling restart', 0);
    });
    process.once('disconnect', () => stop('the primary process is gone', 0));
  }
}
