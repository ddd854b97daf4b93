import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { readRemotesMap } from '../../server/lib/remotes-map.js';
import { repoRoot } from '../../server/lib/paths.js';
import {
  BackupError,
  dialectOf,
  FORMAT,
  MANIFEST,
  MAP_ENTRY,
  PGDUMP_ENTRY,
  SECRETS_ENTRY,
  secretsKeyFileOf,
  SQLITE_ENTRY,
  sqliteFileOf,
  uploadsDirOf,
  type Manifest,
  type ManifestFile,
  type PortalData,
} from './backup-format.js';
import { pgMigrations, pgTool, run } from './backup-postgres.js';
import { tarStream, type TarSource } from './tar.js';

// `npm run backup`: writes the archive (backup-format.ts). The database is copied first: every
// attachment row in the copy had its file written and synced before the row committed
// (services/attachment-uploads.ts), so its file is there when the uploads are read just after. The
// archive holds the database and the key of the authenticator-app secrets: it is written readable by
// its owner only.

export interface BackupOptions {
  now?: Date;
  log?: (line: string) => void;
}

function portalVersion(): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `20261126T080405Z`: sorts by time, safe in a file name on every platform. */
export function backupStamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

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
    // Without it the authenticator apps of the restored portal could not be checked (unset when SECRETS_KEY is set instead).
    const secretsKey: FileToArchive[] = existsSync(secretsKeyFileOf(data)) ? [{ entry: SECRETS_ENTRY, file: secretsKeyFileOf(data) }] : [];
    const items: FileToArchive[] = [databaseEntry, ...(mapExists ? [{ entry: MAP_ENTRY, file: mapCopy }] : []), ...secretsKey, ...uploads, ...deployed];

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
    await pipeline(tarStream(entries()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
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
