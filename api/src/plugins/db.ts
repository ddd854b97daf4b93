import fp from 'fastify-plugin';
import { migrateToLatest, openDatabase, type DatabaseHandle, type PortalDb } from '../db/connect';
import { seedDemo } from '../db/seed/seed-demo';
import { createRepositories, type Repositories } from '../repositories/repositories';
import { ensureDefaultOptions } from '../services/option-defaults';

declare module 'fastify' {
  interface FastifyInstance {
    db: PortalDb;
    repos: Repositories;
    /** PostgreSQL's connection pool (the pool figures of GET /metrics); null on SQLite. */
    dbPool: DatabaseHandle['pool'] | null;
  }
}

export const dbPlugin = fp(
  async (app) => {
    const { config } = app;
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: app.log });
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
    const applied = await migrateToLatest(handle);
    app.log.info({ database: handle.location, applied }, 'database ready');

    const repos = createRepositories(handle.db, { clock: config.clock });
    await ensureDefaultOptions(repos.options);
    if (config.seedDemo) {
      const seeded = await seedDemo(handle.db, new Date(), config.defaultTimeZone, config.passwordHash);
      if (seeded) app.log.info('demo data seeded');
    }
    app.decorate('db', handle.db);
    app.decorate('repos', repos);
    app.decorate('dbPool', handle.pool ?? null);
  },
  { name: 'portal-db', dependencies: ['portal-config'] },
);
