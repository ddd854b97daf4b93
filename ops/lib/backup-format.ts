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
