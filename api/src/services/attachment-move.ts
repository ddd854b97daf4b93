import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isPostgresUrl } from '../db/connect';
import type { AttachmentStoreName } from '../db/schema';
import type { AttachmentRow } from '../repositories/attachment-repository';
import { attachmentStore, syncFolder, writeChunks, writeFileSynced } from './attachment-store';
import type { ServiceContext } from './service-context';

// `npm run attachments:move -- --to database|files` (docs/product/tickets.md#where-attachments-are-kept): moves
// the bytes of existing attachments from one store to the other, one attachment at a time, while the portal may
// run. Each move is its own transaction, and the copy left behind goes only once the new one is safe:
// - to the database: the row is marked and its chunks written in one transaction; the file is removed after the
//   commit (a file left by an interruption there is removed by the next run);
// - to files: the file is written and synced first; the row is marked and its chunks removed in one transaction.
// A re-run skips what was moved and goes on with the rest.

export type MoveContext = Pick<ServiceContext, 'db' | 'repos' | 'config'>;

export interface MoveStep {
  /** 'moved', or 'missing' when the attachment's bytes were not in the store it names (nothing to move). */
  outcome: 'moved' | 'missing';
  attachment: Pick<AttachmentRow, 'attachment_id' | 'name' | 'size'>;
  /** How many attachments this run has handled so far, and how many were waiting when it began. */
  done: number;
  total: number;
}

export interface MoveSummary {
  to: AttachmentStoreName;
  moved: number;
  bytes: number;
  /** Attachments whose bytes were in neither place; their rows stay as they were. */
  missing: number[];
  /** Copies an earlier, interrupted run left behind after its commit, removed now. */
  leftoversRemoved: number;
  /** True when the run was stopped (its signal) before it was through; run it again to go on. */
  interrupted: boolean;
}

const PAGE = 100;

/** `--to database` or `--to files` (also `--to=…`); anything else is an error that says how to call it. */
export function parseMoveArgs(args: readonly string[]): { to: AttachmentStoreName } {
  const usage = 'Usage: npm run attachments:move -- --to database|files';
  const index = args.findIndex((arg) => arg === '--to' || arg.startsWith('--to='));
  const value = index === -1 ? undefined : args[index]!.startsWith('--to=') ? args[index]!.slice('--to='.length) : args[index + 1];
  if (value !== 'database' && value !== 'files') throw new Error(usage);
  return { to: value };
}

export async function moveAttachments(
  ctx: MoveContext,
  to: AttachmentStoreName,
  options: { onStep?: (step: MoveStep) => void; signal?: AbortSignal } = {},
): Promise<MoveSummary> {
  if (!isPostgresUrl(ctx.config.databaseUrl)) {
    throw new Error('Attachments can be kept in the database only on PostgreSQL (DATABASE_URL=postgres://…); on SQLite they stay in DATA_DIR/uploads.');
  }
  const from: AttachmentStoreName = to === 'database' ? 'files' : 'database';
  const summary: MoveSummary = { to, moved: 0, bytes: 0, missing: [], leftoversRemoved: 0, interrupted: false };
  const total = await ctx.repos.attachments.countStoredIn(from);
  let done = 0;
  let after = 0;
  for (;;) {
    const page = await ctx.repos.attachments.listStoredIn(from, after, PAGE);
    if (page.length === 0) break;
    for (const row of page) {
      if (options.signal?.aborted) return { ...summary, interrupted: true };
      after = row.attachment_id;
      const outcome = to === 'database' ? await moveToDatabase(ctx, row) : await moveToFiles(ctx, row);
      if (outcome === 'gone') continue;
      done += 1;
      if (outcome === 'moved') {
        summary.moved += 1;
        summary.bytes += row.size;
      } else {
        summary.missing.push(row.attachment_id);
      }
      options.onStep?.({ outcome, attachment: { attachment_id: row.attachment_id, name: row.name, size: row.size }, done, total: Math.max(total, done) });
    }
  }
  if (to === 'database') summary.leftoversRemoved = await removeLeftoverFiles(ctx, options.signal);
  return { ...summary, interrupted: options.signal?.aborted ?? false };
}

type Outcome = 'moved' | 'missing' | 'gone';

/** Deleted or moved by someone else between the read and the mark: the transaction is rolled back. */
class RowGone extends Error {}

async function moveToDatabase(ctx: MoveContext, row: AttachmentRow): Promise<Outcome> {
  const files = attachmentStore(ctx, 'files');
  const content = await files.open(row.stored_name);
  if (!content) return 'missing';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await ctx.repos.attachments.markStoredIn(trx, row.attachment_id, 'files', 'database'))) throw new RowGone();
      await writeChunks(ctx.repos.attachments, row.stored_name, content.stream, ctx.config.clock(), trx);
    });
  } catch (error) {
    if (error instanceof RowGone) return 'gone';
    throw error;
  } finally {
    content.stream.destroy();
  }
  await files.remove(row.stored_name);
  return 'moved';
}

async function moveToFiles(ctx: MoveContext, row: AttachmentRow): Promise<Outcome> {
  const content = await attachmentStore(ctx, 'database').open(row.stored_name);
  if (!content) return 'missing';
  const { uploadsDir } = ctx.config;
  await mkdir(uploadsDir, { recursive: true });
  const files = attachmentStore(ctx, 'files');
  // 'w': a file an interrupted run wrote for this row (before its commit) is written again.
  await writeFileSynced(path.join(uploadsDir, path.basename(row.stored_name)), content.stream, 'w');
  await syncFolder(uploadsDir);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await ctx.repos.attachments.markStoredIn(trx, row.attachment_id, 'database', 'files'))) throw new RowGone();
      await ctx.repos.attachments.removeContent(row.stored_name, trx);
    });
  } catch (error) {
    await files.remove(row.stored_name);
    if (error instanceof RowGone) return 'gone';
    throw error;
  }
  return 'moved';
}

/** Files of attachments already in the database: an interrupted run committed their move but did not remove them. */
async function removeLeftoverFiles(ctx: MoveContext, signal: AbortSignal | undefined): Promise<number> {
  const files = attachmentStore(ctx, 'files');
  let removed = 0;
  let after = 0;
  for (;;) {
    const page = await ctx.repos.attachments.listStoredIn('database', after, PAGE);
    if (page.length === 0 || signal?.aborted) return removed;
    for (const row of page) {
      after = row.attachment_id;
      if (await files.remove(row.stored_name)) removed += 1;
    }
  }
}
