import path from 'node:path';
import { createBackup } from './lib/backup.js';
import { BackupError, portalDataFromEnv } from './lib/backup-format.js';

// `npm run backup -- <folder>`: one archive of the running portal's data (docs/operations.md#backup-and-restore).

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder || folder.startsWith('-')) {
    console.error('Usage: npm run backup -- <folder>   (writes <folder>/portal-backup-<UTC time>.tar.gz)');
    process.exit(2);
  }
  const data = portalDataFromEnv();
  const started = performance.now();
  const result = await createBackup(data, path.resolve(folder), { log: (line) => console.log(`  ${line}`) });
  const { manifest } = result;
  const count = (prefix: string) => manifest.files.filter((file) => file.path.startsWith(prefix)).length;
  console.log(
    `Wrote ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s): `
    + `${manifest.dialect} database at ${manifest.migration.latest ?? 'no migration'}, ${count('uploads/')} uploads, ${count('deploy/')} deployed remote files.`,
  );
  for (const missing of result.missingRemotes) {
    console.warn(`  warning: the remotes map points at ${missing}, whose files were not found (a deploy ran meanwhile?); run the backup again.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
});
