import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { migrationProvider, type DialectName } from './migrations';
import type { Database as Schema } from './schema';

export type PortalDb = Kysely<Schema>;

export interface DatabaseHandle {
  db: PortalDb;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the PostgreSQL URL without its password. */
  location: string;
}

// count(*) and sum() come back as int8, which node-postgres leaves as a string by default.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return {
      db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: options.databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'portal.db');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', location: file };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one: pin it to the
  // connection's own schema, or another schema's tables (another test run, another app) would count.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
