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

/** Where the pool reports a connection it lost (the app's logger; the command-line tools write to stderr). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

const stderrLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
};

/**
 * How long a query waits for a connection: a new one to an unreachable server (no refusal, packets dropped), or a
 * free one of the pool's 10. Past it the request answers 503 (docs/architecture.md#a-database-outage) instead of
 * hanging as long as the caller waits.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * The PostgreSQL pool, made to live through a database outage (docs/architecture.md#a-database-outage). A
 * connection the server drops (a restart, `pg_ctl stop`) emits 'error' on its client, and node-postgres re-emits an
 * idle client's on the pool: an 'error' event without a listener would end the process. So the pool logs an idle
 * connection lost, and every client has a listener of its own for the time it is checked out (the pool listens to
 * a client only while it is idle). Either way the pool drops the broken client (it is no longer queryable when
 * released) and opens a new one at the next query, so writes go through again as soon as the server accepts
 * connections.
 */
export function createPostgresPool(connectionString: string, log: DatabaseLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server gone without closing the socket (a machine lost, a network cut) is noticed by TCP keep-alive.
    keepAlive: true,
  });
  pool.on('error', (error) => log.warn({ err: error }, 'database: an idle connection was lost; the pool opens a new one when needed'));
  pool.on('connect', (client) => {
    // The query under way (or the next one on this client) is rejected too and answers 503: the event needs only a listener.
    client.on('error', () => undefined);
  });
  return pool;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string; log?: DatabaseLog }): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = createPostgresPool(options.databaseUrl, options.log ?? stderrLog);
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
