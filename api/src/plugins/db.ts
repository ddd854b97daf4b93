import fp from 'fastify-plugin';
import { migrateToLatest, openDatabase, type PortalDb } from '../db/connect';
import { seedDemo } from '../db/seed/seed-demo';
import { createRepositories, type Repositories } from '../repositories/repositories';
import { ensureDefaultOptions } from '../services/option-defaults';

declare module 'fastify' {
  interface FastifyInstance {
    db: PortalDb;
    repos: Repositories;
  }
}

export const dbPlugin = fp(
  async (app) => {
    const { config } = app;
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
    const applied = await migrateToLatest(handle);
    app.log.info({ database: handle.location, applied }, 'database ready');

    const repos = createRepositories(handle.db);
    await ensureDefaultOptions(repos.options);
    if (config.seedDemo) {
      const seeded = await seedDemo(handle.db, new Date(), config.defaultTimeZone);
      if (seeded) app.log.info('demo data seeded');
    }
    app.decorate('db', handle.db);
    app.decorate('repos', repos);
  },
  { name: 'portal-db', dependencies: ['portal-config'] },
);
