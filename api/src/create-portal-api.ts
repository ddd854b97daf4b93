import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { resolveConfig, type PortalApiOptions } from './config';
import { apiPlugin } from './plugins/api';
import { authPlugin } from './plugins/auth';
import { changeSequencePlugin } from './plugins/change-sequence';
import { configPlugin } from './plugins/config';
import { dbPlugin } from './plugins/db';
import { eventsPlugin } from './plugins/events';
import { jobsPlugin } from './plugins/jobs';
import { lifecyclePlugin } from './plugins/lifecycle';
import { fastifyLogging, requestIdPlugin } from './plugins/logging';
import { mailPlugin } from './plugins/mail';
import { mailInPlugin } from './plugins/mail-in';
import { metricsPlugin } from './plugins/metrics';
import { canonicalPathPlugin } from './plugins/canonical-path';
import { fetchMetadataPlugin } from './plugins/fetch-metadata';
import { originPlugin } from './plugins/origin';
import { pollCachePlugin } from './plugins/poll-cache';
import { releasesPlugin } from './plugins/releases';
import { securityHeadersPlugin } from './plugins/security-headers';
import { responseSerializerCompiler } from './plugins/serializer';
import { metricsRoutes } from './routes/metrics-routes';
import { serviceContext } from './services/service-context';
import { createFirstAdminFromEnvironment } from './services/first-admin';
import { fastifyTrustProxy } from './trust-proxy';

/**
 * Opens and migrates the database, seeds the demo when asked, and registers every route under
 * /api. It does not listen and does not serve the front end: the caller adds that and listens.
 */
export async function createPortalApi(options: PortalApiOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    ...fastifyLogging(config.logger ? { level: config.logLevel, format: config.logFormat, stream: config.logStream } : null),
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  try {
    await app.register(configPlugin, { config });
    await app.register(requestIdPlugin);
    await app.register(lifecyclePlugin);
    // Before every route, so that its request timer sees them all; before the plugins that count (jobs, mail in).
    await app.register(metricsPlugin);
    // Before every route, so that each answer (and the front end served on this instance) carries them.
    await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
    // Before the checks that go by the path: one resource, one path (/%61pi/… is refused, not read as /api/…).
    await app.register(canonicalPathPlugin);
    // Before the auth plugin: a cross-site write, or the API loaded as an image or a script, is refused before any
    // session lookup.
    await app.register(originPlugin);
    await app.register(fetchMetadataPlugin);
    await app.register(dbPlugin);
    await app.register(mailPlugin, { transport: options.mailTransport });
    // Before the job runner, whose canary judge reads the release host the server hands over (server/lib/release-host.ts).
    await app.register(releasesPlugin);
    await app.register(jobsPlugin);
    // Before the auth plugin: whether this request may be answered from memory (the session cache included).
    await app.register(changeSequencePlugin);
    await app.register(authPlugin);
    await app.register(eventsPlugin);
    // After auth (its hook sets the viewer) and events (changes drop answers), before every route (its hooks reach them).
    await app.register(pollCachePlugin);
    await app.register(mailInPlugin);
    await app.register(apiPlugin, { prefix: '/api' });
    await app.register(metricsRoutes);
    await createFirstAdminFromEnvironment(serviceContext(app));
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
