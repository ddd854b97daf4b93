import type { PortalDb } from '../db/connect';
import { createActivityRepository } from './activity-repository';
import { createApiTokenRepository } from './api-token-repository';
import { createAppSecretRepository } from './app-secret-repository';
import { createAttachmentRepository } from './attachment-repository';
import { createAuditRepository } from './audit-repository';
import { createCompanyContactRepository } from './company-contact-repository';
import { createCompanyRepository } from './company-repository';
import { createContactCodeRepository } from './contact-code-repository';
import { createContactRepository } from './contact-repository';
import { createEmailChangeRepository } from './email-change-repository';
import { createInboundKeyRepository } from './inbound-key-repository';
import { createInvoiceRepository } from './invoice-repository';
import { createMailInRepository } from './mail-in-repository';
import { createMailInStateRepository } from './mail-in-state-repository';
import { createMailOutboxRepository } from './mail-outbox-repository';
import { createMessageRepository } from './message-repository';
import { createNotificationDigestRepository } from './notification-digest-repository';
import { createNotificationRepository } from './notification-repository';
import { createOptionRepository } from './option-repository';
import { createRateLimitRepository } from './rate-limit-repository';
import { createRecipientRepository } from './recipient-repository';
import { createReleaseRepository } from './release-repository';
import { createSavedReplyRepository } from './saved-reply-repository';
import { createSavedViewRepository } from './saved-view-repository';
import { createSearchRepository } from './search-repository';
import { createSecondFactorGuessRepository } from './second-factor-guess-repository';
import { createSecurityRepository } from './security-repository';
import { createFullTextSearchRepository } from './full-text-search-repository';
import { createFollowerRepository } from './follower-repository';
import { createSessionRepository } from './session-repository';
import { createSlaRepository } from './sla-repository';
import { createSlaEventRepository } from './sla-event-repository';
import { createStatsRepository } from './stats-repository';
import { createTagRepository } from './tag-repository';
import { createTaskRepository } from './task-repository';
import { createTicketMailRepository } from './ticket-mail-repository';
import { createTicketRepository } from './ticket-repository';
import { createTimeRepository } from './time-repository';
import { createWorkQueued } from './work-queued';
import { createWebhookRepository } from './webhook-repository';

export type Repositories = ReturnType<typeof createRepositories>;

/** The repositories over `db`; what they date (rows created, options saved) takes the time from `clock`, the API's one clock. */
export function createRepositories(db: PortalDb, { clock }: { clock: () => Date }) {
  const workQueued = createWorkQueued();
  return {
    /** Wakes this process's job runner when mail or a send is queued; not a repository. */
    workQueued,
    contacts: createContactRepository(db, clock),
    companies: createCompanyRepository(db, clock),
    companyContacts: createCompanyContactRepository(db),
    contactCodes: createContactCodeRepository(db),
    emailChanges: createEmailChangeRepository(db),
    tickets: createTicketRepository(db),
    notifications: createNotificationRepository(db, clock),
    options: createOptionRepository(db, clock),
    sessions: createSessionRepository(db),
    apiTokens: createApiTokenRepository(db),
    security: createSecurityRepository(db),
    secondFactorGuesses: createSecondFactorGuessRepository(db),
    activity: createActivityRepository(db, clock),
    time: createTimeRepository(db, clock),
    tasks: createTaskRepository(db, clock),
    savedReplies: createSavedReplyRepository(db, clock),
    savedViews: createSavedViewRepository(db, clock),
    tags: createTagRepository(db, clock),
    followers: createFollowerRepository(db, clock),
    sla: createSlaRepository(db, clock),
    slaEvents: createSlaEventRepository(db),
    attachments: createAttachmentRepository(db),
    search: createSearchRepository(db),
    fullTextSearch: createFullTextSearchRepository(db),
    stats: createStatsRepository(db),
    mailOutbox: createMailOutboxRepository(db, workQueued, clock),
    notificationDigests: createNotificationDigestRepository(db),
    appSecrets: createAppSecretRepository(db, clock),
    messages: createMessageRepository(db),
    recipients: createRecipientRepository(db),
    invoices: createInvoiceRepository(db),
    inboundKeys: createInboundKeyRepository(db),
    rateLimits: createRateLimitRepository(db),
    audit: createAuditRepository(db, clock),
    ticketMail: createTicketMailRepository(db),
    mailIn: createMailInRepository(db),
    mailInState: createMailInStateRepository(db),
    webhooks: createWebhookRepository(db, clock),
    releases: createReleaseRepository(db),
  };
}
