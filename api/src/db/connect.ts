import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDialectConfig,
} from 'kysely';
import { migrationProvider, type DialectName } from './migrations';
import type { Database as Schema } from './schema';

export type PortalDb = Kysely<Schema>;

export interface DatabaseHandle {
  db: PortalDb;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the PostgreSQL URL without its password. */
  location: string;
  /** PostgreSQL's connection pool, for the pool figures of GET /metrics; none on SQLite (one connection). */
  pool?: pg.Pool;
}

// count(*) and sum() come back as int8, which node-postgres leaves as a string by default.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

/**
 * Several processes write one SQLite file (WAL lets readers go on meanwhile). A transaction that
 * read before another process committed cannot then write (SQLITE_BUSY_SNAPSHOT, which no busy
 * timeout retries), so every transaction takes the write lock when it begins: BEGIN IMMEDIATE waits
 * up to busy_timeout for the other writer instead of failing halfway.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.settings);
  }
}

/**
 * kysely prepares every query anew, about a tenth of a polled read's time (a CPU profile under the polling
 * load); a better-sqlite3 statement can run again. So statements are kept by their SQL text (the most recent
 * STATEMENTS_KEPT): the same query is prepared once. One still busy (an iteration under way) is not shared.
 * Only plain prepare(source) calls are kept; better-sqlite3's own internal calls pass more arguments.
 */
const STATEMENTS_KEPT = 1000;

export function keepPreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite) as (source: string, ...rest: unknown[]) => Database.Statement;
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string, ...rest: unknown[]) => {
    if (rest.length > 0) return prepare(source, ...rest);
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      kept.delete(source);
      kept.set(source, statement);
      return statement;
    }
    const prepared = prepare(source);
    kept.set(source, prepared);
    if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    return prepared;
  }) as typeof sqlite.prepare;
}

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
      pool,
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'portal.db');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // A write answered 2xx is on disk: each commit syncs the WAL, so it survives an OS crash or a power
  // cut, as on PostgreSQL (synchronous_commit on). better-sqlite3's WAL default, NORMAL, only survives
  // a process crash (SIGKILL); FULL costs about a millisecond per commit. durability.test.ts kills the API.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the write lock is waited for, up to 5 s, not an immediate SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000');
  keepPreparedStatements(sqlite);
  return { db: new Kysely<Schema>({ dialect: new ImmediateTransactionSqliteDialect({ database: sqlite }) }), dialect: 'sqlite', location: file };
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
