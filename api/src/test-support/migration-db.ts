import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { isPostgresUrl, openDatabase, type DatabaseHandle } from '../db/connect';
import { migrationProvider } from '../db/migrations';
import { freshPostgresSchema } from './test-app';

/**
 * For a migration's own test: a fresh SQLite database in a temp folder per test (removed after it), or with
 * `postgresWhenSet` a PostgreSQL schema of its own when DATABASE_URL is set (dropped after it),
 * and a migrator over it, to stop before the migration under test, write the rows it must carry over,
 * then migrate on.
 */
export function useMigrationDatabase(options: { postgresWhenSet?: boolean } = {}) {
  let dir: string;
  let handle: DatabaseHandle;
  let dropSchema: (() => Promise<void>) | undefined;
  // Opted in: a schema of its own when DATABASE_URL is PostgreSQL (the suite's PostgreSQL run).
  const baseUrl = options.postgresWhenSet && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-migration-'));
    let databaseUrl: string | undefined;
    if (baseUrl) ({ url: databaseUrl, drop: dropSchema } = await freshPostgresSchema(baseUrl));
    handle = openDatabase({ dataDir: dir, databaseUrl });
  });
  afterEach(async () => {
    await handle.db.destroy();
    await dropSchema?.();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      return handle.db;
    },
    migrator: () => new Migrator({ db: handle.db, provider: migrationProvider(baseUrl ? 'postgres' : 'sqlite') }),
  };
}
