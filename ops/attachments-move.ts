// `npm run attachments:move -- --to database|files`: moves the bytes of existing attachments between DATA_DIR/uploads
// and PostgreSQL (docs/product/tickets.md#where-attachments-are-kept), one at a time, resumable: an interrupted run
// (Ctrl-C stops it between two files) is run again and goes on where it stopped. Reads DATABASE_URL and DATA_DIR
// as the portal does; the portal may keep running meanwhile.
import { resolveConfig } from '../api/src/config';
import { migrateToLatest, openDatabase } from '../api/src/db/connect';
import { createRepositories } from '../api/src/repositories/repositories';
import { moveAttachments, parseMoveArgs } from '../api/src/services/attachment-move';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const { to } = parseMoveArgs(process.argv.slice(2));
  // The move itself decides where the bytes go: the configured ATTACHMENT_STORE only matters to the portal.
  const config = resolveConfig({ logger: false, attachmentStore: 'files' });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.log('Stopping after the current file…');
    stop.abort();
  });
  try {
    await migrateToLatest(handle);
    const ctx = { db: handle.db, repos: createRepositories(handle.db, { clock: config.clock }), config };
    const summary = await moveAttachments(ctx, to, {
      signal: stop.signal,
      onStep: (step) => {
        const what = step.outcome === 'moved' ? 'moved' : 'MISSING (its bytes are not where its row says; left as it is)';
        console.log(`[${step.done}/${step.total}] #${step.attachment.attachment_id} ${step.attachment.name}: ${what}`);
      },
    });
    const place = to === 'database' ? 'the database' : config.uploadsDir;
    console.log(`${summary.interrupted ? 'Interrupted: ' : ''}${summary.moved} attachment(s) moved to ${place} (${megabytes(summary.bytes)}).`);
    if (summary.leftoversRemoved > 0) console.log(`${summary.leftoversRemoved} file(s) left by an interrupted run removed.`);
    if (summary.missing.length > 0) console.log(`${summary.missing.length} attachment(s) had no bytes to move: #${summary.missing.join(', #')}`);
    if (summary.interrupted) console.log('Run the same command again to go on.');
    else console.log(`Set ATTACHMENT_STORE=${to} for the portal so new attachments go there too.`);
    if (summary.interrupted || summary.missing.length > 0) process.exitCode = 1;
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
