import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  BackupError,
  DEFAULT_RESTORE_MAX_BYTES,
  FORMAT,
  formatBytes,
  MANIFEST,
  MAP_ENTRY,
  PGDUMP_ENTRY,
  SECRETS_ENTRY,
  SQLITE_ENTRY,
  type Manifest,
} from './backup-format.js';
import { readTar, TarFormatError } from './tar.js';

// Checking an archive before anything is restored from it: every entry's path (nothing may land
// outside the restore's folders) and every file's size and sha256 against the manifest. Every read of an
// archive counts what it unpacks and stops once that passes the cap (RESTORE_MAX_SIZE), so an archive
// that unpacks to more than the disk holds (a gzip bomb) is refused rather than written.

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

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
  const known = [MANIFEST, SQLITE_ENTRY, PGDUMP_ENTRY, MAP_ENTRY, SECRETS_ENTRY].includes(normalized)
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

/** The archive's unpacked bytes (the tar, headers and all), refused once they pass `maxBytes`. */
export async function* archiveChunks(archive: string, maxBytes: number = DEFAULT_RESTORE_MAX_BYTES): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  const input = createReadStream(archive);
  input.once('error', (error) => gunzip.destroy(error));
  let unpacked = 0;
  try {
    for await (const chunk of input.pipe(gunzip) as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > maxBytes) {
        throw new BackupError(`${archive} unpacks to more than ${formatBytes(maxBytes)}, the most a restore writes. `
          + 'Nothing was restored. If the backup is yours and that large, set RESTORE_MAX_SIZE (e.g. RESTORE_MAX_SIZE=50G) and run again.');
      }
      yield chunk;
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

export function describeReadError(error: unknown, archive: string): never {
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
export async function verifyArchive(archive: string, maxBytes: number = DEFAULT_RESTORE_MAX_BYTES): Promise<Manifest> {
  const seen = new Map<string, ReadEntry>();
  let manifestText: string | null = null;
  try {
    await readTar(archiveChunks(archive, maxBytes), (header) => {
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
