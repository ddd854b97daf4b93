import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import { readRemotesMap } from './remotes-map.js';
import { repoRoot, runtimeLayout } from './paths.js';
import { readTar, tarStream, TarFormatError, type TarEntrySink, type TarSource } from './tar.js';

// `npm run backup` and `npm run restore` (README "Backup and restore"). One .tar.gz holds the database
// (a consistent online copy of SQLite's portal.db taken with VACUUM INTO, or a pg_dump in custom format),
// the uploads, the deployed remotes and the remotes map, and last a manifest with each file's size and
// sha256. The database is copied first: every attachment row in the copy had its file written and
// synced before the row committed (services/attachment-uploads.ts), so its file is there when the
// uploads are read just after. Restore checks every checksum and path before it writes anything.

export const MANIFEST = 'manifest.json';
const FORMAT = 'support-portal-backup';
const SQLITE_ENTRY = 'database/portal.db';
const PGDUMP_ENTRY = 'database/portal.pgdump';
const MAP_ENTRY = 'remotes.json';
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** A refusal or failure the CLI prints as is (no stack): the message says what to do. */
export class BackupError extends Error {}

export type Dialect = 'sqlite' | 'postgres';

export interface PortalData {
  /** DATA_DIR: portal.db (SQLite) and uploads/. */
  dataDir: string;
  deployDir: string;
  remotesMapPath: string;
  /** A postgres:// URL selects PostgreSQL; anything else, SQLite in dataDir. */
  databaseUrl?: string;
}

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: 1;
  portalVersion: string;
  createdAt: string;
  dialect: Dialect;
  /** The schema's level: the last migration applied and how many are (with pg_dump: read just before the dump). */
  migration: { latest: string | null; applied: number };
  files: ManifestFile[];
}

export interface BackupOptions {
  now?: Date;
  log?: (line: string) => void;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** Where the running portal keeps its data, from the same variables it reads (DATA_DIR, DEPLOY_DIR, REMOTES_MAP, DATABASE_URL). */
export function portalDataFromEnv(env: NodeJS.ProcessEnv = process.env): PortalData {
  const { dataDir, deployDir, remotesMapPath } = runtimeLayout(env);
  return { dataDir, deployDir, remotesMapPath, databaseUrl: env.DATABASE_URL };
}

const dialectOf = (data: PortalData): Dialect => (isPostgresUrl(data.databaseUrl) ? 'postgres' : 'sqlite');
const uploadsDirOf = (data: PortalData) => path.join(data.dataDir, 'uploads');
const sqliteFileOf = (data: PortalData) => path.join(data.dataDir, 'portal.db');

function portalVersion(): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `20261126T080405Z`: sorts by time, safe in a file name on every platform. */
export function backupStamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL tools

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

function run(command: string, args: string[]): Promise<void> {
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

async function withPg<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
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
async function pgMigrations(url: string): Promise<string[]> {
  return withPg(url, async (client) => {
    const exists = await client.query<{ found: string | null }>(`select to_regclass('kysely_migration') as found`);
    if (!exists.rows[0]?.found) return [];
    return (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name);
  });
}

/** Tables in the database's own schemas (not pg_catalog and information_schema). */
async function pgUserTables(url: string): Promise<string[]> {
  return withPg(url, async (client) => {
    const result = await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'`,
    );
    return result.rows.map((row) => row.name);
  });
}

// ---------------------------------------------------------------------------------------------
// Backup

function sqliteMigrations(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const quick = db.pragma('quick_check', { simple: true });
    if (quick !== 'ok') throw new BackupError(`The copied database fails its quick_check (${String(quick)}); the backup was not written.`);
    const table = db.prepare(`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live SQLite database: VACUUM INTO reads one snapshot in one read transaction,
 * which in WAL mode never blocks the portal's writers (and never copies a half-written page as a plain
 * file copy of portal.db plus its -wal could).
 */
function snapshotSqlite(source: string, target: string): void {
  if (!existsSync(source)) {
    throw new BackupError(`There is no database at ${source}. Set DATA_DIR to the portal's data folder, or DATABASE_URL for PostgreSQL.`);
  }
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('vacuum into ?').run(target);
  } finally {
    db.close();
  }
}

interface FileToArchive {
  /** Path inside the archive. */
  entry: string;
  file: string;
}

/** Every regular file under `dir` (as `prefix/<relative path>`), sorted; dot-names (staging, temp) and `skip` left out. */
async function filesUnder(dir: string, prefix: string, skip: (file: string) => boolean = () => false): Promise<FileToArchive[]> {
  const found: FileToArchive[] = [];
  const walk = async (current: string, relative: string): Promise<void> => {
    let names: string[];
    try {
      names = (await readdir(current)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile (an old deploy pruned)
      throw error;
    }
    for (const name of names) {
      if (name.startsWith('.') || name.endsWith('.tmp') || name.endsWith('.lock')) continue;
      const file = path.join(current, name);
      if (skip(file)) continue;
      const info = await lstat(file).catch(() => null);
      if (info?.isDirectory()) await walk(file, `${relative}/${name}`);
      else if (info?.isFile()) found.push({ entry: `${relative}/${name}`, file });
    }
  };
  await walk(dir, prefix);
  return found;
}

/** One file's bytes for the archive, hashed on the way; a file gone since it was listed is left out (null). */
async function sourceOf(item: FileToArchive, files: ManifestFile[]): Promise<TarSource | null> {
  const handle = await open(item.file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return null;
  const info = await handle.stat();
  const hash = createHash('sha256');
  const record: ManifestFile = { path: item.entry, size: info.size, sha256: '' };
  async function* body(): AsyncGenerator<Buffer> {
    try {
      if (info.size > 0) {
        for await (const chunk of handle!.createReadStream({ start: 0, end: info.size - 1, autoClose: false }) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          yield chunk;
        }
      }
      record.sha256 = hash.digest('hex');
      files.push(record);
    } finally {
      await handle!.close();
    }
  }
  return { path: item.entry, size: info.size, mtime: info.mtime, body: body() };
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
  /** Remote versions the archived map points at whose folders were not found (a deploy ran meanwhile). */
  missingRemotes: string[];
}

/** Writes `portal-backup-<UTC time>.tar.gz` into `outDir` (created if missing); answers its path and manifest. */
export async function createBackup(data: PortalData, outDir: string, options: BackupOptions = {}): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const dialect = dialectOf(data);
  const inside = (dir: string) => `${path.resolve(outDir)}${path.sep}`.startsWith(`${path.resolve(dir)}${path.sep}`);
  if (inside(uploadsDirOf(data)) || inside(data.deployDir)) {
    throw new BackupError(`${outDir} is inside the uploads or the deploy folder, which the backup archives: choose a folder elsewhere (another disk is best).`);
  }
  await mkdir(outDir, { recursive: true });
  const work = await mkdtemp(path.join(outDir, '.portal-backup-'));
  try {
    // 1. The database, first (see the top of this file for why).
    let databaseEntry: FileToArchive;
    let migrations: string[];
    if (dialect === 'sqlite') {
      databaseEntry = { entry: SQLITE_ENTRY, file: path.join(work, 'portal.db') };
      snapshotSqlite(sqliteFileOf(data), databaseEntry.file);
      migrations = sqliteMigrations(databaseEntry.file);
    } else {
      const url = data.databaseUrl!;
      const pgDump = pgTool('pg_dump');
      migrations = await pgMigrations(url);
      databaseEntry = { entry: PGDUMP_ENTRY, file: path.join(work, 'portal.pgdump') };
      // One snapshot of the whole database (pg_dump reads in one repeatable-read transaction), with
      // its large objects; owners and grants are left to the restoring side.
      await run(pgDump, ['--format=custom', '--file', databaseEntry.file, '--dbname', url]);
    }
    log(`database: ${dialect}, ${migrations.length} migrations applied (last ${migrations.at(-1) ?? 'none'})`);

    // 2. The remotes map before the deployed builds, so the versions it names are on disk when those are read.
    const mapExists = existsSync(data.remotesMapPath);
    const map = mapExists ? readRemotesMap(data.remotesMapPath) : {};
    const mapCopy = path.join(work, 'remotes.json');
    if (mapExists) await cp(data.remotesMapPath, mapCopy);
    const uploads = await filesUnder(uploadsDirOf(data), 'uploads');
    const deployed = await filesUnder(data.deployDir, 'deploy', (file) => path.resolve(file) === path.resolve(data.remotesMapPath));
    const items: FileToArchive[] = [databaseEntry, ...(mapExists ? [{ entry: MAP_ENTRY, file: mapCopy }] : []), ...uploads, ...deployed];

    const files: ManifestFile[] = [];
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      portalVersion: portalVersion(),
      createdAt: now.toISOString(),
      dialect,
      migration: { latest: migrations.at(-1) ?? null, applied: migrations.length },
      files,
    };
    async function* entries(): AsyncGenerator<TarSource> {
      for (const item of items) {
        const source = await sourceOf(item, files);
        if (source) yield source;
      }
      const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield { path: MANIFEST, size: body.length, mtime: now, body: [body] };
    }

    const partial = path.join(work, 'archive.tar.gz');
    await pipeline(tarStream(entries()), createGzip(), createWriteStream(partial));
    let target = path.join(outDir, `portal-backup-${backupStamp(now)}.tar.gz`);
    for (let n = 2; existsSync(target); n += 1) target = path.join(outDir, `portal-backup-${backupStamp(now)}-${n}.tar.gz`);
    await rename(partial, target);

    const archived = new Set(files.map((file) => file.path));
    const missingRemotes = Object.entries(map)
      .filter(([name, entry]) => ![...archived].some((file) => file.startsWith(`deploy/${name}/${entry.version}/`)))
      .map(([name, entry]) => `${name} ${entry.version}`);
    return { file: target, manifest, bytes: (await stat(target)).size, missingRemotes };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

/**
 * Where an archive path lands, or a refusal: only the entries a backup writes, relative, without
 * `.`/`..` segments, backslashes or drive letters, so nothing can land outside the restore's folders.
 */
export function checkedEntryPath(entry: string): string {
  const refuse = (why: string) => new BackupError(`The archive holds "${entry}", ${why}; it was not made by npm run backup, or it was altered. Nothing was restored.`);
  if (entry.includes('\0') || entry.includes('\\') || /^[a-zA-Z]:/.test(entry)) throw refuse('a path this restore does not take');
  if (entry.startsWith('/')) throw refuse('an absolute path');
  const normalized = entry.replace(/\/+$/, '');
  const segments = normalized.split('/');
  if (segments.some((segment) => segment === '..')) throw refuse('a path that climbs out of its folder');
  if (segments.some((segment) => segment === '' || segment === '.')) throw refuse('a path this restore does not take');
  const known = [MANIFEST, SQLITE_ENTRY, PGDUMP_ENTRY, MAP_ENTRY].includes(normalized)
    || (segments.length >= 2 && (segments[0] === 'uploads' || segments[0] === 'deploy'))
    || ['uploads', 'deploy', 'database'].includes(normalized);
  if (!known) throw refuse('a path outside what a backup holds');
  return normalized;
}

function parseManifest(text: string): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError('The archive\'s manifest.json is not valid JSON. Nothing was restored.');
  }
  const filesOk = Array.isArray(value.files) && value.files.every((file) => typeof file?.path === 'string'
    && Number.isSafeInteger(file.size) && typeof file.sha256 === 'string' && /^[0-9a-f]{64}$/.test(file.sha256));
  if (value.format !== FORMAT || value.formatVersion !== 1 || !filesOk || (value.dialect !== 'sqlite' && value.dialect !== 'postgres')) {
    throw new BackupError('The archive\'s manifest.json is not a support portal backup manifest (format 1). Nothing was restored.');
  }
  return value as Manifest;
}

function archiveChunks(archive: string): AsyncIterable<Buffer> {
  const gunzip = createGunzip();
  const input = createReadStream(archive);
  input.once('error', (error) => gunzip.destroy(error));
  return input.pipe(gunzip);
}

function describeReadError(error: unknown, archive: string): never {
  if (error instanceof BackupError) throw error;
  if (error instanceof TarFormatError) throw new BackupError(`${archive} is damaged: ${error.message}. Nothing was restored.`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') throw new BackupError(`${archive} does not exist.`);
  if (code?.startsWith('Z_')) throw new BackupError(`${archive} is not a readable .tar.gz (${(error as Error).message}). Nothing was restored.`);
  throw error;
}

interface ReadEntry {
  size: number;
  sha256: string;
}

/**
 * Reads the whole archive once: every path checked, every file hashed, the manifest parsed and
 * compared file by file (no file missing, none extra, sizes and sha256 equal). Writes nothing.
 */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const seen = new Map<string, ReadEntry>();
  let manifestText: string | null = null;
  try {
    await readTar(archiveChunks(archive), (header) => {
      const entry = checkedEntryPath(header.path);
      if (header.type === 'directory') return { write: () => undefined, end: () => undefined };
      if (header.type !== 'file') {
        throw new BackupError(`The archive holds "${header.path}" as a ${header.type === 'other' ? 'special file' : header.type}; a backup holds regular files only. Nothing was restored.`);
      }
      if (seen.has(entry)) throw new BackupError(`The archive holds "${entry}" twice; it was altered. Nothing was restored.`);
      if (entry === MANIFEST) {
        if (header.size > MAX_MANIFEST_BYTES) throw new BackupError('The archive\'s manifest.json is too large to be one of ours. Nothing was restored.');
        const parts: Buffer[] = [];
        return { write: (chunk) => void parts.push(chunk), end: () => void (manifestText = Buffer.concat(parts).toString('utf8')) };
      }
      const hash = createHash('sha256');
      let size = 0;
      return {
        write: (chunk) => {
          size += chunk.length;
          hash.update(chunk);
        },
        end: () => void seen.set(entry, { size, sha256: hash.digest('hex') }),
      };
    });
  } catch (error) {
    describeReadError(error, archive);
  }
  if (manifestText === null) throw new BackupError(`${archive} has no manifest.json: it is not a backup made by npm run backup. Nothing was restored.`);
  const manifest = parseManifest(manifestText);
  const listed = new Set<string>();
  for (const file of manifest.files) {
    const entry = checkedEntryPath(file.path);
    listed.add(entry);
    const found = seen.get(entry);
    if (!found) throw new BackupError(`The archive lacks ${entry}, which its manifest lists. Nothing was restored.`);
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw new BackupError(`${entry} in the archive does not match its checksum in the manifest (altered or damaged). Nothing was restored.`);
    }
  }
  const extra = [...seen.keys()].filter((entry) => !listed.has(entry));
  if (extra.length > 0) throw new BackupError(`The archive holds ${extra[0]}, which its manifest does not list; it was altered. Nothing was restored.`);
  const database = manifest.dialect === 'sqlite' ? SQLITE_ENTRY : PGDUMP_ENTRY;
  if (!listed.has(database)) throw new BackupError(`The archive has no ${database}. Nothing was restored.`);
  return manifest;
}

async function nonEmptyDir(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [] as string[])).length > 0;
}

/** What in the target is live data a restore would replace. */
async function liveData(data: PortalData, dialect: Dialect): Promise<string[]> {
  const found: string[] = [];
  if (dialect === 'postgres') {
    const tables = await pgUserTables(data.databaseUrl!);
    if (tables.length > 0) found.push(`the database in DATABASE_URL has ${tables.length} tables`);
  } else {
    for (const suffix of ['', '-wal']) if (existsSync(`${sqliteFileOf(data)}${suffix}`)) found.push(`${sqliteFileOf(data)}${suffix}`);
  }
  if (await nonEmptyDir(uploadsDirOf(data))) found.push(uploadsDirOf(data));
  if (await nonEmptyDir(data.deployDir)) found.push(data.deployDir);
  if (existsSync(data.remotesMapPath)) found.push(data.remotesMapPath);
  return [...new Set(found)];
}

/** rename, or copy and remove when the two are on different file systems (DEPLOY_DIR elsewhere). */
async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** Writes every file of the (verified) archive under `staging`, checking each hash again on the way. */
async function extractInto(archive: string, manifest: Manifest, staging: string): Promise<void> {
  const expected = new Map(manifest.files.map((file) => [checkedEntryPath(file.path), file]));
  const mismatch = (entry: string) => new BackupError(`${entry} changed in ${archive} while it was restored. Nothing was put in place.`);
  try {
    await readTar(archiveChunks(archive), async (header): Promise<TarEntrySink> => {
      const entry = checkedEntryPath(header.path);
      const listed = expected.get(entry);
      if (header.type !== 'file' || entry === MANIFEST || !listed) {
        if (header.type === 'file' && entry !== MANIFEST) throw mismatch(entry);
        return { write: () => undefined, end: () => undefined };
      }
      const target = path.resolve(staging, entry);
      if (!target.startsWith(`${path.resolve(staging)}${path.sep}`)) throw mismatch(entry);
      await mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { flags: 'wx' });
      await once(out, 'open');
      const hash = createHash('sha256');
      return {
        write: (chunk) => {
          hash.update(chunk);
          if (!out.write(chunk)) return once(out, 'drain').then(() => undefined);
          return undefined;
        },
        end: async () => {
          await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
          if (hash.digest('hex') !== listed.sha256) throw mismatch(entry);
        },
      };
    });
  } catch (error) {
    describeReadError(error, archive);
  }
}

export interface RestoreOptions {
  /** Replace live data (a database with tables, portal.db, uploads, deployed remotes). */
  force?: boolean;
  log?: (line: string) => void;
}

/**
 * Restores an archive into `data`: refuses a damaged or altered archive before writing anything, and
 * a target that holds live data unless `force`. The portal started on it migrates an older schema.
 */
export async function restoreBackup(archive: string, data: PortalData, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  const manifest = await verifyArchive(archive);
  const dialect = dialectOf(data);
  log(`checked ${manifest.files.length} files against the manifest (portal ${manifest.portalVersion}, ${manifest.dialect}, made ${manifest.createdAt})`);
  if (manifest.dialect !== dialect) {
    throw new BackupError(manifest.dialect === 'sqlite'
      ? 'This backup holds a SQLite database: restore it without DATABASE_URL (set DATA_DIR). Moving between SQLite and PostgreSQL is not something restore does.'
      : 'This backup holds a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore it into.');
  }
  const pgRestore = dialect === 'postgres' ? pgTool('pg_restore') : null;
  const live = await liveData(data, dialect);
  if (live.length > 0 && !options.force) {
    throw new BackupError(
      `Refusing to restore over live data:\n${live.map((item) => `  - ${item}`).join('\n')}\n`
      + 'Restore into an empty DATA_DIR (or an empty database), or stop the portal and run again with --force to replace it.',
    );
  }

  await mkdir(data.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(data.dataDir, '.restore-'));
  try {
    await extractInto(archive, manifest, staging);
    if (dialect === 'postgres') {
      const url = data.databaseUrl!;
      if (options.force) {
        // Tables a newer schema added would survive pg_restore --clean and trip the migrations: all go.
        const tables = await pgUserTables(url);
        if (tables.length > 0) await withPg(url, (client) => client.query(`drop table if exists ${tables.join(', ')} cascade`));
      }
      await run(pgRestore!, [
        '--no-owner', '--no-privileges', '--single-transaction', ...(options.force ? ['--clean', '--if-exists'] : []),
        '--dbname', url, path.join(staging, PGDUMP_ENTRY),
      ]);
      log('database restored with pg_restore');
    } else {
      for (const suffix of ['-wal', '-shm', '']) await rm(`${sqliteFileOf(data)}${suffix}`, { force: true });
      await moveInto(path.join(staging, SQLITE_ENTRY), sqliteFileOf(data));
      log(`database restored to ${sqliteFileOf(data)}`);
    }
    await rm(uploadsDirOf(data), { recursive: true, force: true });
    await mkdir(path.join(staging, 'uploads'), { recursive: true });
    await moveInto(path.join(staging, 'uploads'), uploadsDirOf(data));
    await rm(data.deployDir, { recursive: true, force: true });
    if (existsSync(path.join(staging, 'deploy'))) await moveInto(path.join(staging, 'deploy'), data.deployDir);
    await rm(data.remotesMapPath, { force: true });
    if (existsSync(path.join(staging, MAP_ENTRY))) await moveInto(path.join(staging, MAP_ENTRY), data.remotesMapPath);
    const uploads = manifest.files.filter((file) => file.path.startsWith('uploads/')).length;
    const deployed = manifest.files.filter((file) => file.path.startsWith('deploy/')).length;
    log(`${uploads} uploads, ${deployed} deployed remote files${existsSync(data.remotesMapPath) ? ' and the remotes map' : ''} restored`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
