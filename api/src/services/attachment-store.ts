import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PortalConfig } from '../config';
import type { PortalDb } from '../db/connect';
import type { AttachmentStoreName } from '../db/schema';
import type { AttachmentRepository } from '../repositories/attachment-repository';

// Where an attachment's bytes are kept (docs/product/tickets.md#where-attachments-are-kept): files in
// DATA_DIR/uploads (one machine, or a shared disk), or chunks in PostgreSQL (machines share nothing but the
// database). Both stream: a file is never whole in memory on its way in or out. Services pick the store
// with attachmentStore(ctx) (the configured one, for new files) or attachmentStore(ctx, row.stored_in) (the
// one an attachment's bytes are in), so nothing else branches on where the bytes are.

/** A file's bytes as they arrive: a request part, a checked stream, or a buffer already read (mail in). */
export type ContentSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface AttachmentStore {
  readonly name: AttachmentStoreName;
  /** Writes the bytes under a new stored name. A failure (the source's too) leaves nothing behind. */
  put(content: ContentSource, extension: string): Promise<{ storedName: string; size: number }>;
  /** The bytes as a stream and their size, or null when the store has none under this name. */
  open(storedName: string): Promise<{ size: number; stream: Readable } | null>;
  /** Removes the bytes; answers false when there were none (bytes already gone are no error). */
  remove(storedName: string): Promise<boolean>;
}

/** Each database row holds this much of a file: small enough to stream, large enough to keep rows few. */
export const CHUNK_BYTES = 256 * 1024;

const newStoredName = (extension: string) => `${randomUUID()}.${extension}`;
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$/;

/** Whether `name` is one the stores give (newStoredName): anything else in the uploads folder is not the portal's. */
export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The store named (default: the configured one, where new attachments go). */
export function attachmentStore(
  ctx: { config: Pick<PortalConfig, 'uploadsDir' | 'attachmentStore' | 'clock'>; repos: { attachments: AttachmentRepository } },
  name: AttachmentStoreName = ctx.config.attachmentStore,
): AttachmentStore {
  return name === 'database' ? databaseStore(ctx.repos.attachments, ctx.config.clock) : filesStore(ctx.config.uploadsDir);
}

/** DATA_DIR/uploads: each file under a generated name (the user's file name never reaches the disk). */
export function filesStore(uploadsDir: string): AttachmentStore {
  const fileOf = (storedName: string) => path.join(uploadsDir, path.basename(storedName));
  return {
    name: 'files',
    async put(content, extension) {
      await mkdir(uploadsDir, { recursive: true });
      const storedName = newStoredName(extension);
      const size = await writeFileSynced(fileOf(storedName), content, 'wx');
      await syncFolder(uploadsDir);
      return { storedName, size };
    },
    async open(storedName) {
      const file = fileOf(storedName);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { size: info.size, stream: createReadStream(file) } : null;
    },
    async remove(storedName) {
      return unlink(fileOf(storedName)).then(() => true, (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      });
    },
  };
}

/** PostgreSQL: rows of attachment_chunks, CHUNK_BYTES each, written and read one at a time. */
export function databaseStore(attachments: AttachmentRepository, clock: () => Date = () => new Date()): AttachmentStore {
  return {
    name: 'database',
    async put(content, extension) {
      const storedName = newStoredName(extension);
      try {
        // Each chunk commits on its own (no transaction held open while a slow upload arrives); a failure
        // removes the chunks already written, as the files store removes its partial file.
        const size = await writeChunks(attachments, storedName, content, clock());
        return { storedName, size };
      } catch (error) {
        await attachments.removeContent(storedName).catch(() => undefined);
        throw error;
      }
    },
    async open(storedName) {
      const size = await attachments.contentSize(storedName);
      if (size === null) return null;
      return { size, stream: Readable.from(readChunks(attachments, storedName), { objectMode: false }) };
    },
    remove: (storedName) => attachments.removeContent(storedName),
  };
}

/**
 * Writes `content` as chunks of CHUNK_BYTES under `storedName`, dated `writtenAt` (on `executor`: a move's
 * transaction), holding at most one chunk in memory. A file always has a first chunk, even an empty one, so "no
 * chunks" means "not here".
 */
export async function writeChunks(
  attachments: AttachmentRepository, storedName: string, content: ContentSource, writtenAt: Date, executor?: PortalDb,
): Promise<number> {
  const dated = writtenAt.toISOString();
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    await attachments.addChunk(storedName, seq, Buffer.concat(pending, pendingBytes), dated, executor);
    seq += 1;
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of content) {
    let bytes = asBuffer(piece);
    size += bytes.length;
    while (bytes.length > 0) {
      const take = Math.min(CHUNK_BYTES - pendingBytes, bytes.length);
      pending.push(bytes.subarray(0, take));
      pendingBytes += take;
      bytes = bytes.subarray(take);
      if (pendingBytes === CHUNK_BYTES) await flush();
    }
  }
  if (pendingBytes > 0 || seq === 0) await flush();
  return size;
}

/** The chunks in order, each fetched when the reader wants the next one. */
async function* readChunks(attachments: AttachmentRepository, storedName: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const bytes = await attachments.chunk(storedName, seq);
    if (bytes === undefined) return;
    if (bytes.length > 0) yield bytes;
  }
}

// An upload answered 201 has its bytes and its folder entry on disk before its row commits, so it
// survives an OS crash as the row does (db/connect.ts: synchronous = FULL); see durability.test.ts.
/** Writes `content` to `target` and syncs it; a failure removes what was written. Answers the size. */
export async function writeFileSynced(target: string, content: ContentSource, flags: 'wx' | 'w'): Promise<number> {
  const file = await open(target, flags);
  let size = 0;
  try {
    for await (const piece of content) {
      const bytes = asBuffer(piece);
      for (let offset = 0; offset < bytes.length;) offset += (await file.write(bytes, offset, bytes.length - offset)).bytesWritten;
      size += bytes.length;
    }
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(target).catch(() => undefined);
    throw error;
  }
  await file.close();
  return size;
}

export async function syncFolder(folder: string): Promise<void> {
  // Windows cannot open a folder; there the files' own sync is what it gets.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
