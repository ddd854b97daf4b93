import path from 'node:path';
import { runtimeLayout } from '../../server/lib/paths.js';

// The backup archive of `npm run backup` and `npm run restore` (docs/operations.md#backup-and-restore): one .tar.gz
// holds the database (a consistent online copy of SQLite's portal.db taken with VACUUM INTO, or a
// pg_dump in custom format), the uploads, the deployed remotes and the remotes map, and last a manifest
// with each file's size and sha256. This module names its entries and where the portal's data lives;
// backup.ts writes an archive, backup-verify.ts checks one, backup-restore.ts puts one in place.

export const MANIFEST = 'manifest.json';
export const FORMAT = 'support-portal-backup';
export const SQLITE_ENTRY = 'database/portal.db';
export const PGDUMP_ENTRY = 'database/portal.pgdump';
export const MAP_ENTRY = 'remotes.json';
/** DATA_DIR/secrets.key, the key authenticator-app secrets are sealed with (absent when SECRETS_KEY is set). */
export const SECRETS_ENTRY = 'secrets.key';

/** What restore unpacks at most unless RESTORE_MAX_SIZE says otherwise: a bound on a hostile archive's bytes on disk. */
export const DEFAULT_RESTORE_MAX_BYTES = 10 * 1024 ** 3;

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

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** Where the running portal keeps its data, from the same variables it reads (DATA_DIR, DEPLOY_DIR, REMOTES_MAP, DATABASE_URL). */
export function portalDataFromEnv(env: NodeJS.ProcessEnv = process.env): PortalData {
  const { dataDir, deployDir, remotesMapPath } = runtimeLayout(env);
  return { dataDir, deployDir, remotesMapPath, databaseUrl: env.DATABASE_URL };
}

export const dialectOf = (data: PortalData): Dialect => (isPostgresUrl(data.databaseUrl) ? 'postgres' : 'sqlite');
export const uploadsDirOf = (data: PortalData) => path.join(data.dataDir, 'uploads');
export const sqliteFileOf = (data: PortalData) => path.join(data.dataDir, 'portal.db');
export const secretsKeyFileOf = (data: PortalData) => path.join(data.dataDir, SECRETS_ENTRY);

const UNITS = ['', 'K', 'M', 'G', 'T'] as const;

/** RESTORE_MAX_SIZE: bytes, or a number with K, M, G or T (binary: 10G is 10 GiB); unset, DEFAULT_RESTORE_MAX_BYTES. */
export function restoreMaxBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.RESTORE_MAX_SIZE?.trim();
  if (!value) return DEFAULT_RESTORE_MAX_BYTES;
  const match = /^(\d+)\s*([KMGT]?)(?:i?B)?$/i.exec(value);
  const bytes = match ? Number(match[1]) * 1024 ** UNITS.indexOf(match[2]!.toUpperCase() as (typeof UNITS)[number]) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new BackupError(`RESTORE_MAX_SIZE must be a size such as 10G, 500M or a number of bytes, not "${value}".`);
  return bytes;
}

/** A size as people read it: 64 KiB, 10 GiB, 1.5 MiB. */
export function formatBytes(bytes: number): string {
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= 1024 ** (unit + 1)) unit += 1;
  const scaled = bytes / 1024 ** unit;
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(scaled) ? scaled : scaled.toFixed(1)} ${UNITS[unit]}iB`;
}
