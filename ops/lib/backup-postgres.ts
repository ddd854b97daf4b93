import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError } from './backup-format.js';

// The PostgreSQL side of backup and restore: finding pg_dump and pg_restore, running them, and the two
// questions asked of a live database (which migrations it has, which tables it holds).

/** pg_dump or pg_restore: PG_BIN if set, else the newest /usr/lib/postgresql/<n>/bin, else PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  if (env.PG_BIN) {
    const candidate = path.join(env.PG_BIN, exe);
    if (!existsSync(candidate)) throw new BackupError(`PG_BIN is ${env.PG_BIN}, but it has no ${exe}.`);
    return candidate;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', exe);
    if (existsSync(candidate)) return candidate;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, exe);
    if (existsSync(candidate)) return candidate;
  }
  throw new BackupError(
    `${name} was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and PATH). Install the PostgreSQL client tools `
    + `of your server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client), or set PG_BIN to their folder.`,
  );
}

export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error) => reject(new BackupError(`${path.basename(command)} could not run: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
}

export async function withPg<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** The migrations table's names in order; none when the database was never migrated. */
export async function pgMigrations(url: string): Promise<string[]> {
  return withPg(url, async (client) => {
    const exists = await client.query<{ found: string | null }>(`select to_regclass('kysely_migration') as found`);
    if (!exists.rows[0]?.found) return [];
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name);
  });
}

/** Tables in the database's own schemas (not pg_catalog and information_schema). */
export async function pgUserTables(url: string): Promise<string[]> {
  return withPg(url, async (client) => {
    const result = await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'`,
    );
    return result.rows.map((row) => row.name);
  });
}
