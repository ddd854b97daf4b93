import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { PortalDb } from './connect';
import { migrationProvider } from './migrations';

/**
 * The migrations this code knows that the database has not applied (for /api/ready): none once `npm start` has
 * migrated; some when the database was swapped or restored under a running process. Reads the migration table only.
 */
export async function pendingMigrations(db: PortalDb): Promise<string[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // As in migrateToLatest: the migration table of this connection's schema, never another's.
  const migrationTableSchema = postgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider(postgres ? 'postgres' : 'sqlite'), migrationTableSchema });
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
