import { sql } from 'kysely';
import { pendingMigrations } from '../db/migration-status';
import type { ServiceContext } from './service-context';

/** What /api/ready checks besides the drain (docs/operations.md#metrics-and-health). */
export type ReadinessCheck = 'database' | 'migrations' | 'draining';

/** A database that has not answered within this long is as good as down for a load balancer. */
const DATABASE_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Which of the database checks fail: the database answers a trivial query, and every migration this code knows is
 * applied. `migrationsDone` skips the second once it has passed (migrations are never undone under a running process).
 */
export async function failingDatabaseChecks(ctx: ServiceContext, options: { migrationsDone: boolean }): Promise<ReadinessCheck[]> {
  try {
    await within(sql`select 1`.execute(ctx.db), DATABASE_TIMEOUT_MS);
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness: the database did not answer');
    return ['database'];
  }
  if (options.migrationsDone) return [];
  try {
    const pending = await within(pendingMigrations(ctx.db), DATABASE_TIMEOUT_MS);
    if (pending.length === 0) return [];
    ctx.log.warn({ pending }, 'readiness: migrations not applied');
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness: the migrations were not read');
  }
  return ['migrations'];
}
