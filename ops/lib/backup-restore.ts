import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  BackupError,
  DEFAULT_RESTORE_MAX_BYTES,
  dialectOf,
  MANIFEST,
  MAP_ENTRY,
  PGDUMP_ENTRY,
  SECRETS_ENTRY,
  secretsKeyFileOf,
  SQLITE_ENTRY,
  sqliteFileOf,
  uploadsDirOf,
  type Dialect,
  type Manifest,
  type PortalData,
} from './backup-format.js';
import { pgTool, pgUserTables, run, withPg } from './backup-postgres.js';
import { archiveChunks, checkedEntryPath, describeReadError, verifyArchive } from './backup-verify.js';
import { readTar, type TarEntrySink } from './tar.js';

// `npm run restore`: puts a verified archive (backup-verify.ts) in place, staged in a folder of its own
// inside DATA_DIR first, so a damaged or altered archive never leaves half a restore behind. What a
// stranger must not read (the database, the key of the authenticator-app secrets, the uploads) is
// written readable by its owner only.

const OWNER_ONLY = 0o600;
const ownerOnly = (entry: string) => entry.startsWith('database/') || entry === SECRETS_ENTRY || entry.startsWith('uploads/');

async function nonEmptyDir(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [] as string[])).length > 0;
}

/** What in the target is live data a restore would replace (secrets.key only when the archive holds one to put there). */
async function liveData(data: PortalData, dialect: Dialect, withSecretsKey: boolean): Promise<string[]> {
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
  if (withSecretsKey && existsSync(secretsKeyFileOf(data))) found.push(secretsKeyFileOf(data));
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
async function extractInto(archive: string, manifest: Manifest, staging: string, maxBytes: number): Promise<void> {
  const expected = new Map(manifest.files.map((file) => [checkedEntryPath(file.path), file]));
  const mismatch = (entry: string) => new BackupError(`${entry} changed in ${archive} while it was restored. Nothing was put in place.`);
  try {
    await readTar(archiveChunks(archive, maxBytes), async (header): Promise<TarEntrySink> => {
      const entry = checkedEntryPath(header.path);
      const listed = expected.get(entry);
      if (header.type !== 'file' || entry === MANIFEST || !listed) {
        if (header.type === 'file' && entry !== MANIFEST) throw mismatch(entry);
        return { write: () => undefined, end: () => undefined };
      }
      const target = path.resolve(staging, entry);
      if (!target.startsWith(`${path.resolve(staging)}${path.sep}`)) throw mismatch(entry);
      await mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { flags: 'wx', ...(ownerOnly(entry) ? { mode: OWNER_ONLY } : {}) });
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
  /** The most the archive may unpack to (RESTORE_MAX_SIZE; default 10 GiB): past it, refused and nothing left behind. */
  maxBytes?: number;
  log?: (line: string) => void;
}

/**
 * Restores an archive into `data`: refuses a damaged or altered archive before writing anything, and
 * a target that holds live data unless `force`. The portal started on it migrates an older schema.
 */
export async function restoreBackup(archive: string, data: PortalData, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  if (!statSync(archive).isFile()) throw new BackupError(`${archive} is not a file.`);
  const maxBytes = options.maxBytes ?? DEFAULT_RESTORE_MAX_BYTES;
  const manifest = await verifyArchive(archive, maxBytes);
  const withSecretsKey = manifest.files.some((file) => file.path === SECRETS_ENTRY);
  const dialect = dialectOf(data);
  log(`checked ${manifest.files.length} files against the manifest (portal ${manifest.portalVersion}, ${manifest.dialect}, made ${manifest.createdAt})`);
  if (manifest.dialect !== dialect) {
    throw new BackupError(manifest.dialect === 'sqlite'
      ? 'This backup holds a SQLite database: restore it without DATABASE_URL (set DATA_DIR). Moving between SQLite and PostgreSQL is not something restore does.'
      : 'This backup holds a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore it into.');
  }
  const pgRestore = dialect === 'postgres' ? pgTool('pg_restore') : null;
  const live = await liveData(data, dialect, withSecretsKey);
  if (live.length > 0 && !options.force) {
    throw new BackupError(
      `Refusing to restore over live data:\n${live.map((item) => `  - ${item}`).join('\n')}\n`
      + 'Restore into an empty DATA_DIR (or an empty database), or stop the portal and run again with --force to replace it.',
    );
  }

  await mkdir(data.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(data.dataDir, '.restore-'));
  try {
    await extractInto(archive, manifest, staging, maxBytes);
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
    if (withSecretsKey) {
      await moveInto(path.join(staging, SECRETS_ENTRY), secretsKeyFileOf(data));
      log(`the key of the authenticator-app secrets restored to ${secretsKeyFileOf(data)}`);
    }
    const uploads = manifest.files.filter((file) => file.path.startsWith('uploads/')).length;
    const deployed = manifest.files.filter((file) => file.path.startsWith('deploy/')).length;
    log(`${uploads} uploads, ${deployed} deployed remote files${existsSync(data.remotesMapPath) ? ' and the remotes map' : ''} restored`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
