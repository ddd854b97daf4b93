// `npm run migrate -w api`: applies pending migrations (DATABASE_URL or DATA_DIR/portal.db) and exits.
import { resolveConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/connect';

const config = resolveConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(handle);
  console.log(`${handle.location}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
} finally {
  await handle.db.destroy();
}
