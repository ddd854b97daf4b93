export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { ApiError, isApiError, isReauthRequired, errorMessage } from './api-error';
export { ApiClientProvider, useApiClient } from './api-client-context';
export type { ReadOptions } from './read-options';
export { useLiveUpdates, LIVE_RETRY_FIRST_MS, LIVE_RETRY_MAX_MS, LIVE_WATCH_SETTLE_MS } from './live';
export { safetyNetKeys, watchMountedKeys } from './live-watch';
export type { CreateEventSource, LiveApi, LiveEventSource } from './live';
export { useLiveHold, useLiveStatus } from './live-status';
export { usePresenceTyping, useTicketPresence } from './live-presence';
export { resetCodeKey, useResetCodeStatus } from './auth';
export type { AuthApi } from './auth';
export {
  securityKey, sessionsKey, securityPolicyKey, isSecondFactorChallenge, useSecurityOverview, useSessions, useSecurityMutations,
  useSecurityPolicy, useSecurityPolicyMutations,
} from './security';
export type { SecurityApi, LoginAnswer, WebAuthnJson } from './security';
export {
  contactKey, listPrefsKey, staffKey, useContact, useContactMutations, useListPrefs, useListPrefsMutations, useStaff,
} from './contacts';
export { agentsKey, agentPlacementsKey, useAgents, useAgentMutations, useAgentPlacements } from './contacts';
export type { ContactsApi } from './contacts';
export {
  notificationsKey, NOTIFICATIONS_POLL_MS, useNotifications, useNotificationMutations,
} from './notifications';
export type { NotificationsApi } from './notifications';
export { optionKey, useOption, useOptionMutations } from './options';
export { optionUsageKey, useOptionUsage } from './options';
export type { OptionsApi } from './options';
export { useLookupList, useLookups } from './lookups';
export type { LookupOptionName } from './lookups';
export {
  companiesKey, companyKey, companyContactsKey, companyMetaKey, companyContactKey, useCompanies, useCompany, useCompanyContacts,
  useCompanyMutations, useCompanyContactMutations,
} from './companies';
export { companiesWithPrimaryKey, useCompaniesWithPrimary } from './companies';
export type { CompaniesApi } from './companies';
export {
  ticketKey, companyTicketsKey, contactTicketsKey, staffTicketsKey, TICKET_POLL_MS, STAFF_TICKETS_POLL_MS, useTicket, useCompanyTickets,
  useContactTickets, useStaffTickets, useTicketMutations, companyHistoryKey, staffListKey, useCompanyHistory, useStaffListPage,
} from './tickets';
export type { TicketsApi, StaffTicketsView } from './tickets';
export { activityKey, activityPageKey, useTicketActivity, useActivityMutations } from './activity';
export type { ActivityApi, ActivityPage } from './activity';
export {
  ticketTimeKey, companyTimeKey, contactTimeTotalKey, contactTimeEntriesKey, contactMonthlyTimeKey, useTicketTime, useCompanyTimeTotals,
  useContactTimeTotals, useContactTimeEntries, useContactMonthlyTime, useTimeMutations, useTimeEntryMutations,
} from './time';
export { prevMonthTimeKey, payrollKey, usePrevMonthTime, usePayroll } from './time';
export type { PrevMonthPage } from './time';
export type { TimeApi, TimePeriod, ChangedTimeEntry } from './time';
export { tasksKey, TASKS_POLL_MS, useTicketTasks, useTaskMutations } from './tasks';
export type { TasksApi } from './tasks';
export { followersKey, FOLLOWERS_POLL_MS, useTicketFollowers, useFollowerMutations } from './followers';
export type { FollowersApi } from './followers';
export { savedRepliesKey, useSavedReplies, useSavedReplyMutations } from './saved-replies';
export type { SavedRepliesApi } from './saved-replies';
export { savedViewsKey, useSavedViews, useSavedViewMutations } from './saved-views';
export type { SavedViewsApi } from './saved-views';
export { apiTokensKey, useApiTokens, useApiTokenMutations } from './api-tokens';
export type { ApiTokensApi } from './api-tokens';
export { timerKey, TIMER_POLL_MS, useTimer, useTimerElapsed, useTimerMutations } from './timer';
export type { TimerApi } from './timer';
export {
  hourBankKey, overageApprovalKey, HOUR_BANK_POLL_MS, useHourBank, useOverageApproval, useHourBankMutations, useOverageApprovalMutations,
} from './hour-bank';
export type { HourBankApi } from './hour-bank';
export { tagsKey, useTags, useTagMutations } from './tags';
export type { TagsApi } from './tags';
export { maintenanceSchedulesKey, maintenanceTasksKey, useMaintenanceSchedules, useMaintenanceTasks, useMaintenanceMutations } from './maintenance';
export type { MaintenanceApi } from './maintenance';
export { slaSettingsKey, companySlaTargetsKey, useSlaSettings, useCompanySlaTargets, useSlaMutations } from './sla';
export type { SlaApi } from './sla';
export { slaReportKey, useSlaReport } from './sla-report';
export type { SlaReportApi } from './sla-report';
export { statementKey, companyStatementsKey, statementMonthKey, useStatement, useCompanyStatements, useStatementMonth, useStatementMutations } from './statements';
export type { StatementsApi } from './statements';
export { webhooksKey, webhookDeliveriesKey, webhookSettingsKey, useWebhooks, useWebhookDeliveries, useWebhookSettings, useWebhookMutations } from './webhooks';
export type { WebhooksApi } from './webhooks';
export { releasesKey, RELEASES_POLL_MS, useReleases } from './releases';
export type { ReleasesApi } from './releases';
export { attachmentsKey, ATTACHMENTS_POLL_MS, useTicketAttachments, useAttachmentMutations } from './attachments';
export type { AttachmentsApi, UploadOptions, UploadTransportOptions } from './attachments';
export type { SearchApi } from './search';
export { useFind, findPath } from './search';
export { ticketStatsKey, useTicketStats } from './stats';
export type { StatsApi } from './stats';
export { aiStatusKey, useAiStatus } from './ai';
export type { AiApi } from './ai';
export { publicSettingsKey, usePublicSettings } from './settings';
export type { SettingsApi } from './settings';
export {
  sentMessagesKey, messageKey, mailTemplatesKey, failedMailKey, MESSAGE_PROGRESS_POLL_MS, SENT_MESSAGES_POLL_MS, useMailTemplates, useSentMessages, useMessageProgress,
  useMessageMutations, useFailedMail, useFailedMailMutations, mailStatusKey, useMailStatus,
} from './messages';
export type { MessagesApi } from './messages';
export {
  invoiceMonthKey, invoiceDraftKey, companyInvoicesKey, invoiceKey, useInvoiceMonth, useInvoiceDraft, useCompanyInvoices, useInvoice,
  useInvoiceMutations, deletedCompanyInvoicesKey, useDeletedCompanyInvoices,
} from './invoices';
export type { InvoicesApi } from './invoices';
export {
  accountingStatusKey, accountingCustomersKey, accountingInvoicesKey, useAccountingStatus, useAccountingCustomers, useAccountingInvoices,
} from './accounting';
export type { AccountingApi } from './accounting';
export { ticketAuditKey, auditTrailKey, useTicketAudit, useAuditTrail } from './audit';
export type { AuditApi, AuditFilter } from './audit';
export {
  mailInStatusKey, heldMailKey, MAIL_IN_STATUS_POLL_MS, useMailInStatus, useHeldMail, useHeldMailMutations,
} from './mail-in';
export type { MailInApi } from './mail-in';
export type { ExportsApi } from './exports';
export { loadContract } from './http';
export { prefetchRead, primeFirstReads, primeRead, forgetPrimedReads, PRIMED_READ_MAX_AGE_MS } from './primed-reads';
export type { PrimedAnswer } from './primed-reads';
export { matchPageRoute, pageReadsOf } from './page-reads';
export type { PageReader, PageReads } from './page-reads';
