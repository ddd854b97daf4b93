import type { Change } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalConfig } from '../config';
import type { PortalDb } from '../db/connect';
import type { Repositories } from '../repositories/repositories';

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
