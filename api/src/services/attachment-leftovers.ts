import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { attachmentStore, isStoredName } from './attachment-store';
import type { ServiceContext } from './service-context';

// Leftover attachment bytes (docs/product/tickets.md#leftover-bytes). An upload writes a file's bytes, then commits
// its row; a deletion commits first, then removes the bytes; a move commits, then removes the old copy. A process
// that stops between the two steps (a crash, a kill, a power cut) leaves bytes that no attachment names, which
// nothing would ever read or remove. The job runner calls this every hour: bytes that no attachment keeps in
// their store, and that were written more than a day ago (no upload is still under way then), are removed.

/** Bytes younger than this are left alone: an upload or a move may still be writing them. */
export const LEFTOVER_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often the job runner looks. */
export const LEFTOVER_CHECK_MS = 60 * 60 * 1000;
/** Names looked up, and chunk sets removed, per query: bounded, however many there are. */
const PAGE = 200;

export type LeftoverContext = Pick<ServiceContext, 'repos' | 'config'>;

export interface LeftoverSummary {
  /** Files in DATA_DIR/uploads removed. */
  files: number;
  /** Files kept as chunks in the database removed. */
  chunked: number;
}

/**
 * Removes the leftover bytes in both stores; a run stopped by `signal` ends after the page in hand. A file's age is
 * its modification time against the machine's time; a chunk's is the time it was written by the portal's clock
 * (the one that dated it).
 */
export async function removeLeftoverAttachmentBytes(ctx: LeftoverContext, signal?: AbortSignal): Promise<LeftoverSummary> {
  return {
    files: await removeLeftoverFiles(ctx, Date.now() - LEFTOVER_AFTER_MS, signal),
    chunked: await removeLeftoverChunks(ctx, ctx.config.clock().getTime() - LEFTOVER_AFTER_MS, signal),
  };
}

async function removeLeftoverFiles(ctx: LeftoverContext, before: number, signal: AbortSignal | undefined): Promise<number> {
  const folder = ctx.config.uploadsDir;
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const candidates = names.filter(isStoredName);
  const files = attachmentStore(ctx, 'files');
  let removed = 0;
  for (let start = 0; start < candidates.length && !signal?.aborted; start += PAGE) {
    const old: string[] = [];
    for (const name of candidates.slice(start, start + PAGE)) {
      const info = await stat(path.join(folder, name)).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before) old.push(name);
    }
    const kept = await ctx.repos.attachments.namesKeptIn('files', old);
    for (const name of old) {
      if (!kept.has(name) && (await files.remove(name))) removed += 1;
    }
  }
  return removed;
}

async function removeLeftoverChunks(ctx: LeftoverContext, before: number, signal: AbortSignal | undefined): Promise<number> {
  const writtenBefore = new Date(before).toISOString();
  const chunks = attachmentStore(ctx, 'database');
  let removed = 0;
  while (!signal?.aborted) {
    const names = await ctx.repos.attachments.leftoverChunkNames(writtenBefore, PAGE);
    for (const name of names) {
      if (await chunks.remove(name)) removed += 1;
    }
    if (names.length < PAGE) break;
  }
  return removed;
}
