import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { documentationPolicy } from './security-headers';
import { activityRoutes } from '../routes/activity-routes';
import { apiTokenRoutes } from '../routes/api-token-routes';
import { accountingRoutes } from '../routes/accounting-routes';
import { aiRoutes } from '../routes/ai-routes';
import { attachmentRoutes } from '../routes/attachment-routes';
import { authRoutes } from '../routes/auth-routes';
import { companyContactRoutes } from '../routes/company-contact-routes';
import { companyMetaRoutes } from '../routes/company-meta-routes';
import { companyRoutes } from '../routes/company-routes';
import { contactRoutes } from '../routes/contact-routes';
import { eventRoutes } from '../routes/event-routes';
import { healthRoutes } from '../routes/health-routes';
import { invoiceRoutes } from '../routes/invoice-routes';
import { statementRoutes } from '../routes/statement-routes';
import { webhookRoutes } from '../routes/webhook-routes';
import { jobRoutes } from '../routes/job-routes';
import { mailInRoutes } from '../routes/mail-in-routes';
import { notificationRoutes } from '../routes/notification-routes';
import { messageRoutes } from '../routes/message-routes';
import { optionRoutes } from '../routes/option-routes';
import { registrationRoutes } from '../routes/registration-routes';
import { releaseRoutes } from '../routes/release-routes';
import { emailChangeRoutes } from '../routes/email-change-routes';
import { searchRoutes } from '../routes/search-routes';
import { settingsRoutes } from '../routes/settings-routes';
import { securityRoutes } from '../routes/security-routes';
import { statsRoutes } from '../routes/stats-routes';
import { auditRoutes } from '../routes/audit-routes';
import { templateRoutes } from '../routes/template-routes';
import { savedReplyRoutes } from '../routes/saved-reply-routes';
import { savedViewRoutes } from '../routes/saved-view-routes';
import { hourBankRoutes } from '../routes/hour-bank-routes';
import { timerRoutes } from '../routes/timer-routes';
import { tagRoutes } from '../routes/tag-routes';
import { maintenanceRoutes } from '../routes/maintenance-routes';
import { followerRoutes } from '../routes/follower-routes';
import { slaRoutes } from '../routes/sla-routes';
import { slaReportRoutes } from '../routes/sla-report-routes';
import { taskRoutes } from '../routes/task-routes';
import { ticketRoutes } from '../routes/ticket-routes';
import { timeRoutes } from '../routes/time-routes';
import { inboundTicketRoutes } from '../routes/inbound-ticket-routes';
import { exportRoutes } from '../routes/export-routes';
import { installErrorHandling } from './errors';
import { databaseRateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes open to anonymous callers; every other API route answers 401 without a session. */
    public?: boolean;
  }
}

const DOCS_PREFIX = '/docs';

/** Everything under /api: registered with that prefix so the front end's routes stay untouched. */
export async function apiPlugin(app: FastifyInstance): Promise<void> {
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Support portal API',
        version: '0.1.0',
        description: 'A browser signs in with POST /api/auth/login (a cookie session). A script sends a personal access token made on the '
          + 'Security page: `Authorization: Bearer pat_…` (Authorize, then "Try it out"). A token has its owner\'s rights narrowed by its '
          + 'access and company; see docs/product/integrations.md#api-tokens.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'pat_… (a personal access token)' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Before the page's routes are registered, so that they get it: its own, looser policy (styles, icons).
  const docsPolicy = documentationPolicy();
  const docsPath = `${app.prefix}${DOCS_PREFIX}`;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(docsPath)) reply.raw.setHeader('content-security-policy', docsPolicy);
    done();
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  // Counted in the database: every process and machine on it shares one limit (docs/architecture.md#scale).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.repos.rateLimits, app.log) });

  // Signed-in by default: anonymous callers get 401 before their body is even validated.
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const open = !url || request.routeOptions.config.public || url.startsWith(docsPath);
    done(open || request.viewer ? undefined : new HttpError(401, MESSAGES.notSignedIn));
  });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(authRoutes);
  await app.register(securityRoutes);
  await app.register(apiTokenRoutes);
  await app.register(registrationRoutes);
  await app.register(emailChangeRoutes);
  await app.register(contactRoutes);
  await app.register(notificationRoutes);
  await app.register(optionRoutes);
  await app.register(companyRoutes);
  await app.register(companyMetaRoutes);
  await app.register(companyContactRoutes);
  await app.register(ticketRoutes);
  await app.register(activityRoutes);
  await app.register(timeRoutes);
  await app.register(timerRoutes);
  await app.register(taskRoutes);
  await app.register(savedReplyRoutes);
  await app.register(savedViewRoutes);
  await app.register(hourBankRoutes);
  await app.register(tagRoutes);
  await app.register(maintenanceRoutes);
  await app.register(followerRoutes);
  await app.register(slaRoutes);
  await app.register(slaReportRoutes);
  await app.register(attachmentRoutes);
  await app.register(searchRoutes);
  await app.register(aiRoutes);
  await app.register(invoiceRoutes);
  await app.register(statementRoutes);
  await app.register(webhookRoutes);
  await app.register(inboundTicketRoutes);
  await app.register(exportRoutes);
  await app.register(accountingRoutes);
  await app.register(statsRoutes);
  await app.register(auditRoutes);
  await app.register(releaseRoutes);
  await app.register(messageRoutes);
  await app.register(mailInRoutes);
  await app.register(templateRoutes);
  await app.register(eventRoutes);
  // Test seam for the browser journeys (the digests on demand): never in production.
  if (!app.config.production) await app.register(jobRoutes);
}
