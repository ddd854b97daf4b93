// `npm run seed -w api`: migrates, ensures the default options and seeds the demo on an empty database.
import { resolveConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/connect';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../db/seed/demo-data';
import { seedDemo } from '../db/seed/seed-demo';
import { createRepositories } from '../repositories/repositories';
import { ensureDefaultOptions } from '../services/option-defaults';

const config = resolveConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(handle);
  await ensureDefaultOptions(createRepositories(handle.db, { clock: config.clock }).options);
  if (config.production) {
    console.log('NODE_ENV=production: default options ensured, demo users are never seeded.');
  } else if (await seedDemo(handle.db, new Date(), config.defaultTimeZone, config.passwordHash)) {
    console.log(`Seeded the demo in ${handle.location}. Logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(', ')}`);
  } else {
    console.log(`${handle.location} already has data: nothing seeded.`);
  }
} finally {
  await handle.db.destroy();
}
