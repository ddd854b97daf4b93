import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { migrationProvider } from '../db/migrations';

/**
 * For a migration's own test: a fresh SQLite database in a temp folder per test (removed after it),
 * and a migrator over it, to stop before the migration under test, write the rows it must carry over,
 * then migrate on.
 */
export function useMigrationDatabase() {
  let dir: string;
  let handle: DatabaseHandle;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-migration-'));
    handle = openDatabase({ dataDir: dir });
  });
  afterEach(async () => {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      return handle.db;
    },
    migrator: () => new Migrator({ db: handle.db, provider: migrationProvider('sqlite') }),
  };
}
