import path from 'node:path';
import { BackupError, portalDataFromEnv, restoreMaxBytesFromEnv } from './lib/backup-format.js';
import { restoreBackup } from './lib/backup-restore.js';

// `npm run restore -- <archive> [--force]`: a backup into an empty DATA_DIR or database (docs/operations.md#backup-and-restore).
// RESTORE_MAX_SIZE (default 10G): the most the archive may unpack to.

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const archives = args.filter((arg) => arg !== '--force');
  if (archives.length !== 1 || archives[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- <portal-backup-….tar.gz> [--force]');
    process.exit(2);
  }
  const data = portalDataFromEnv();
  const manifest = await restoreBackup(path.resolve(archives[0]!), data, {
    force, maxBytes: restoreMaxBytesFromEnv(), log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (portal ${manifest.portalVersion}, schema at ${manifest.migration.latest ?? 'no migration'}) `
    + `into ${manifest.dialect === 'postgres' ? 'DATABASE_URL and ' : ''}${data.dataDir}. Start the portal on it: npm start (it applies newer migrations first).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exit(1);
});
