import { PostgresAdapter } from 'kysely';
import type { PortalDb } from '../db/connect';

/** True on PostgreSQL; SQLite serializes writers, so row locks (FOR UPDATE) are PostgreSQL-only. */
export const isPostgres = (db: PortalDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
