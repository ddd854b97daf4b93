import pg from 'pg';
import { isPostgresUrl } from '../db/connect';

/**
 * On PostgreSQL the suite runs two test files at a time, each worker in a database of its own
 * (`<database>_jest_<worker>`), with each test's schema inside it: Kysely's migrator lists the tables of
 * every schema of its database, which fails when another file drops its schema meanwhile, and LISTEN /
 * NOTIFY channels are per database, so workers never hear each other's changes.
 */
export function workerDatabaseUrl(baseUrl: string, worker: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${workerDatabaseName(baseUrl, worker)}`;
  return url.toString();
}

function workerDatabaseName(baseUrl: string, worker: string): string {
  const database = decodeURIComponent(new URL(baseUrl).pathname.slice(1)) || 'postgres';
  return `${database}_jest_${worker}`;
}

/** Jest's globalSetup: each worker's database, created when missing (left for the next run). */
export default async function createWorkerDatabases(globalConfig: { maxWorkers: number }): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!isPostgresUrl(baseUrl)) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let worker = 1; worker <= globalConfig.maxWorkers; worker++) {
      const name = workerDatabaseName(baseUrl, String(worker));
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}
