import type { Change } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalConfig } from '../config';
import type { PortalDb } from '../db/connect';
import { createRepositories, type Repositories } from '../repositories/repositories';

/**
 * What a service needs from the running API, handed in by the route (or the job runner) that calls
 * it: services import no plugin. A service that writes opens its transaction on `db`, passes the
 * transaction to the repository methods it calls, and returns the changes to publish once that
 * transaction has committed: publishing is the caller's job, so nothing is announced that was
 * rolled back.
 */
export interface ServiceContext {
  readonly db: PortalDb;
  readonly repos: Repositories;
  readonly config: PortalConfig;
  /** The API's one clock (`config.clock`): the current time, or a test's fake one. */
  readonly clock: () => Date;
  readonly log: FastifyBaseLogger;
}

/** What a write answers: its result, and the live changes to publish once its transaction has committed. */
export interface Written<T> {
  readonly result: T;
  readonly changes: readonly Change[];
}

/** What a service needs, from the running API; `request` gives the log its request id. */
export function serviceContext(app: FastifyInstance, request?: FastifyRequest): ServiceContext {
  return { db: app.db, repos: app.repos, config: app.config, clock: app.config.clock, log: request?.log ?? app.log };
}

/**
 * `trx` as a database whose transactions join it: a service that opens its own (logTime telling the hour bank's
 * thresholds) writes inside the caller's, and commits or rolls back with it. Kysely refuses a transaction of a transaction.
 */
function joining(trx: PortalDb): PortalDb {
  const joined: PortalDb = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        const builder = { execute: <T>(work: (inner: PortalDb) => Promise<T>) => work(joined), setIsolationLevel: () => builder };
        return () => builder;
      }
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: its methods must run on the transaction itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return joined;
}

/**
 * The services on `trx`: every read and write of a service called with it joins the transaction (on SQLite it holds
 * the one connection, so a read on `ctx.db` meanwhile would wait for ever).
 */
export function onTransaction(ctx: ServiceContext, trx: PortalDb): ServiceContext {
  const db = joining(trx);
  return { ...ctx, db, repos: createRepositories(db, { clock: ctx.clock }) };
}
