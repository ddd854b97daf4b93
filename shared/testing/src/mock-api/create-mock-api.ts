import type { RequestHandler } from 'msw';
import { accountingHandlers } from './accounting-handlers';
import { activityHandlers } from './activity-handlers';
import { apiTokenHandlers } from './api-token-handlers';
import { aiHandlers } from './ai-handlers';
import { attachmentHandlers } from './attachment-handlers';
import { auditHandlers } from './audit-handlers';
import { authHandlers } from './auth-handlers';
import { companyContactHandlers } from './company-contact-handlers';
import { companyHandlers } from './company-handlers';
import { companyMetaHandlers } from './company-meta-handlers';
import { contactHandlers } from './contact-handlers';
import { eventHandlers } from './event-handlers';
import { followerHandlers } from './follower-handlers';
import { hourBankHandlers } from './hour-bank-handlers';
import { invoiceHandlers } from './invoice-handlers';
import { mailInHandlers } from './mail-in-handlers';
import { maintenanceHandlers } from './maintenance-handlers';
import { messageHandlers } from './message-handlers';
import { notificationHandlers } from './notification-handlers';
import { optionHandlers } from './option-handlers';
import { createPortalData, type PortalData } from './portal-data';
import { emailChangeHandlers } from './email-change-handlers';
import { registrationHandlers } from './registration-handlers';
import { releaseHandlers } from './release-handlers';
import { savedReplyHandlers } from './saved-reply-handlers';
import { savedViewHandlers } from './saved-view-handlers';
import { searchHandlers } from './search-handlers';
import { securityHandlers } from './security-handlers';
import { settingsHandlers } from './settings-handlers';
import { slaHandlers } from './sla-handlers';
import { slaReportHandlers } from './sla-report-handlers';
import { statementHandlers } from './statement-handlers';
import { statsHandlers } from './stats-handlers';
import { tagHandlers } from './tag-handlers';
import { taskHandlers } from './task-handlers';
import { templateHandlers } from './template-handlers';
import { ticketHandlers } from './ticket-handlers';
import { timeHandlers } from './time-handlers';
import { timerHandlers } from './timer-handlers';

export interface MockApi {
  /** The in-memory portal: writes change it; a test may read or change it between steps. */
  db: PortalData;
  /** MSW handlers for every route the api-client calls, answering from `db` with contract-checked bodies. */
  handlers: RequestHandler[];
}

/** The portal API over an in-memory portal seeded with `seed` (see createPortalData for the defaults). */
export function createMockApi(seed: Partial<PortalData> = {}): MockApi {
  const db = createPortalData(seed);
  return { db, handlers: portalHandlers(db) };
}

/** One handler file per API resource, named after the API's route file (api/src/routes/<resource>-routes.ts). */
const RESOURCES = [
  accountingHandlers, activityHandlers, aiHandlers, apiTokenHandlers, attachmentHandlers, auditHandlers, authHandlers, companyContactHandlers,
  companyHandlers, companyMetaHandlers, contactHandlers, emailChangeHandlers, eventHandlers, followerHandlers, invoiceHandlers, mailInHandlers, messageHandlers, notificationHandlers, optionHandlers,
  registrationHandlers, savedReplyHandlers, savedViewHandlers, searchHandlers, securityHandlers, settingsHandlers, slaHandlers, slaReportHandlers, statementHandlers, statsHandlers, tagHandlers, taskHandlers, templateHandlers, ticketHandlers, timeHandlers,
  timerHandlers, hourBankHandlers, maintenanceHandlers, releaseHandlers,
];

/**
 * The handlers alone, for a test that builds its own server or data. No two of them match the same
 * request (ids take digits only: see apiRoute), so their order does not matter; a test's own
 * handlers, put in front with server.use, still win.
 */
export function portalHandlers(db: PortalData): RequestHandler[] {
  return RESOURCES.flatMap((handlers) => handlers(db));
}
