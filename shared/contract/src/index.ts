// First: it configures zod before any schema below is built.
import './no-eval-in-browser';

export { isoDate, id, flag, metaEntry, errorBody, idParam, nameParam, okAnswer, deletedAnswer, timeZoneQuery } from './common';
export type { MetaEntry, ErrorBody } from './common';
export {
  loginRequest, sessionAnswer, loginAnswer, maintenancePrefsValue, registrationRequest, registrationAnswer, forgotPasswordRequest, forgotPasswordAnswer, codeParam,
  resetCodeStatus, resetPasswordRequest, verifyEmailAnswer,
} from './auth';
export type {
  LoginRequest, SessionAnswer, RegistrationRequest, RegistrationAnswer, ForgotPasswordRequest, ResetCodeStatus, ResetPasswordRequest, VerifyEmailAnswer,
} from './auth';
export {
  companyLink, contact, contactUpdate, notePrefs, notePrefsUpdate, staffContact, contactListQuery, listPrefs, sendActivity, sendMail,
  contactCreate, resetCodeSent, resetCodeLink, agentContact, contactList, contactDeleted, agentPlacements, payRateUpdate,
} from './contact';
export type {
  CompanyLink, Contact, ContactUpdate, NotePrefs, NotePrefsUpdate, StaffContact, ListPrefsValue, SendActivity, SendMail,
  ContactCreate, ResetCodeSent, ResetCodeLink, AgentContact, ContactDeleted, AgentPlacementsAnswer, PayRateUpdate,
} from './contact';
export { notification, notificationCreate, notificationsRead, unsubscribeParams } from './notification';
export type { Notification, NotificationCreate, NotificationsRead } from './notification';
export {
  lookupItem, option, optionSave, OPTION_NAMES, optionName, lookupList, typeAssignments, ratesValue, localeValue, optionValueSchemas, optionNameParam,
  defaultListName, defaultListNameParam, optionUsage,
} from './option';
export type { LookupItem, Option, OptionSave, OptionName, TypeAssignments, RatesValue, LocaleValue, OptionUsage } from './option';
export {
  company, companyContact, metaKeyParams, companyCreate, companyUpdate, companyUpdateAnswer, companyMetaParams, companyMetaSave,
  companySearchQuery, companySearchAnswer, contactFields, companyContactCreate, companyContactUpdate, companyContactParams,
  companyPrimaryContact, companyListQuery, companyWithPrimary, contactInvitation, companyContactAdded,
} from './company';
export type {
  Company, CompanyContact, CompanyCreate, CompanyUpdate, CompanyUpdateAnswer, CompanyMetaSave, CompanySearchAnswer,
  CompanyContactCreate, CompanyContactUpdate, CompanyPrimaryContact, CompanyWithPrimary, ContactInvitation, CompanyContactAdded,
} from './company';
export {
  ticket, ticketDetail, ticketSummary, companyTicketsQuery, COMPANY_TICKETS_COMPLETED_DEFAULT, COMPANY_TICKETS_COMPLETED_MAX,
  ticketCreate, ticketUpdate, listedTicket, staffTicketsQuery, ticketBulkUpdate, ticketBulkAnswer,
  companyHistoryQuery, historyTicket, ticketHistoryPage, staffListQuery, staffListPage,
} from './ticket';
export type {
  Ticket, TicketDetail, TicketSummary, CompanyTicketsQuery, TicketCreate, TicketUpdate, ListedTicket, TicketBulkUpdate, TicketBulkAnswer,
  CompanyHistoryQuery, HistoryTicket, TicketHistoryPage, StaffListQuery, StaffListPage,
} from './ticket';
export { activity, activityCreate, activityListQuery } from './activity';
export type { Activity, ActivityCreate, ActivityListQuery } from './activity';
export {
  timeEntry, ticketTime, timeEntryCreate, timeEntryCreated, timeEntryUpdate, timeCorrectionCreate, timeEntryDeleted, companyTimeTotal, contactTimeTotal, allTimeTotal, contactTimeQuery,
  contactTimeEntry, MONTHLY_TIME_MONTHS_DEFAULT, monthlyTimeQuery, monthlyTime, monthOffsetParam, companyMonthParams, prevMonthEntry, prevMonthTime, prevMonthTimeQuery, PREV_MONTH_PAGE_DEFAULT, PREV_MONTH_PAGE_MAX,
  payrollRow, payroll,
} from './time';
export type {
  TimeEntry, TicketTime, TimeEntryCreate, TimeEntryCreated, TimeEntryUpdate, TimeCorrectionCreate, TimeEntryDeleted, CompanyTimeTotal, ContactTimeTotal, AllTimeTotal, ContactTimeEntry, MonthlyTime,
  PrevMonthEntry, PrevMonthTime, PrevMonthTimeQuery, PayrollRowValue, Payroll,
} from './time';
export { task, taskCreate, taskUpdate, taskParams } from './task';
export type { Task, TaskCreate, TaskUpdate } from './task';
export { ATTACHMENT_TARGET_TYPES, attachmentTargetParams, attachmentItemParams, attachmentIdParam, attachmentUploadQuery, attachment } from './attachment';
export type { Attachment } from './attachment';
export { SEARCH_OPERATORS, searchCondition, searchRequest, searchRow, searchTypeParam } from './search';
export type { SearchRequest } from './search';
export { aiTasksRequest, aiTasksAnswer, aiStatus, aiInvoiceSummaryRequest, aiInvoiceSummaryAnswer } from './ai';
export type { AiTasksRequest, AiTasksAnswer, AiStatus, AiInvoiceSummaryRequest, AiInvoiceSummaryAnswer } from './ai';
export { TICKET_STATS_MONTHS_DEFAULT, ticketStatsQuery, ticketStatsMonth } from './stats';
export type { TicketStatsMonth } from './stats';
export { FIRST_READS_BLOCK_ID, REMOTE_NAME, REMOTES_MAP_BLOCK_ID, parseRemotesMap, routeOwners } from './remotes';
export type { RemoteApp, RemoteMapEntry, RemotesMap } from './remotes';
export { publicSettings } from './settings';
export type { PublicSettings } from './settings';
export {
  recipientKind, ticketContactType, recipientsQuery, tokenValues, messageRecipient, messageRecipientList, messageSend, messageQueued,
  MESSAGE_STATUSES, MESSAGE_RECIPIENT_STATUSES, messageSummary, messageSummaryList, messageProgress, messageIdParam,
  messageRecipientResult, messageResent, failedMail, failedMailList, mailStatus,
} from './message';
export type {
  RecipientsQuery, MessageRecipient, MessageSend, MessageQueued, MessageSummary, MessageProgress, MessageResent, FailedMail, MailStatus,
} from './message';
export { mailTemplate, mailTemplateList, mailTemplateSave, templateNameParam } from './template';
export { savedReply, savedReplyCreate, savedReplyUpdate, savedReplyUse, savedReplyFilled } from './saved-reply';
export type { SavedReply, SavedReplyCreate, SavedReplyUpdate, SavedReplyUse, SavedReplyFilled } from './saved-reply';
export { tag, tagName, tagListQuery, ticketTagAdd, ticketTagParams, ticketTags, tagRename, tagFilterList } from './tag';
export type { Tag, TagListQuery, TicketTagAdd, TicketTags, TagRename } from './tag';
export { savedViewFilter, savedView, savedViewCreate, savedViewUpdate } from './saved-view';
export { runningTimer, timerAnswer, timerStart, timerStop } from './timer';
export type { RunningTimer, TimerAnswer, TimerStart, TimerStop } from './timer';
export type { SavedViewFilterValue, SavedView, SavedViewCreate, SavedViewUpdate } from './saved-view';
export { ticketFollower, followerCandidate, ccAddress, ticketFollowers, followerAdd, followerParams, ccAddressParams } from './follower';
export type { TicketFollower, FollowerCandidate, CcAddress, TicketFollowers, FollowerAdd } from './follower';
export { workingDay, priorityTarget, slaSettings, slaSettingsSave, companySlaTargets, companySlaTargetsSave, ticketSla } from './sla';
export { slaReportQuery, slaBreach, slaReport } from './sla-report';
export type { SlaReportQuery, SlaBreachAnswer, SlaReportAnswer } from './sla-report';
export type {
  WorkingDayInput, PriorityTargetInput, SlaSettings, SlaSettingsSave, CompanySlaTargets, CompanySlaTargetsSave, TicketSla,
} from './sla';
export type { MailTemplate, MailTemplateSave } from './template';
export {
  invoiceItem, rateTotal, invoiceTotalsValue, estimateComparisonValue, invoiceStatus, invoiceSummary, invoice, invoiceList, invoiceDraft, invoiceCompany,
  invoiceMonth, invoiceIssue, invoiceUpdate, invoiceParams,
} from './invoice';
export type { InvoiceItem, InvoiceTotalsValue, InvoiceSummary, Invoice, InvoiceDraft, InvoiceCompany, InvoiceMonth, InvoiceIssue, InvoiceUpdate } from './invoice';
export {
  accountingCustomer, accountingCustomerList, accountingInvoiceItem, accountingInvoice, accountingInvoiceList, accountingCustomerParams, accountingStatus,
} from './accounting';
export type { AccountingCustomer, AccountingInvoice } from './accounting';
export {
  LIVE_EVENTS_PATH, LIVE_EVENT_STALE, LIVE_EVENT_READY, LIVE_WATCH_PATH, LIVE_CHECK_PATH, LIVE_EVENT_PRESENCE, LIVE_PRESENCE_PATH, liveStaleEvent, liveReadyEvent,
  liveWatchRequest, liveCheckRequest, liveCheckAnswer, livePresenceRequest, livePresenceEvent,
} from './live';
export type { LiveStaleEvent, LiveReadyEvent, LiveWatchRequest, LiveCheckRequest, LiveCheckAnswer, LivePresenceRequest, LivePresenceEvent } from './live';
export { auditChange, auditAction, auditEntity, auditEntry, auditPage, auditQuery, ticketAuditQuery } from './audit';
export type { AuditEntry, AuditPage, AuditQuery, TicketAuditQuery } from './audit';
export { mailInStatusName, mailInStatus, heldMail, heldMailAttach, heldMailAttached } from './mail-in';
export type { MailInStatus, HeldMail, HeldMailAttach, HeldMailAttached } from './mail-in';
export { findQuery, findAnswer, snippetPart, ticketHit, noteHit, companyHit, contactHit } from './find';
export type { FindQuery, FindAnswer, SnippetPartAnswer, TicketHit, NoteHit, CompanyHit, ContactHit } from './find';
export {
  secondFactorMethod, secondFactorChallenge, secondFactorRequest, webAuthnJson, passkeyOptionsAnswer, passkeyVerifyRequest, passkeySummary,
  securityOverview, totpEnrolmentAnswer, totpConfirmRequest, recoveryCodesAnswer, confirmPasswordRequest, passkeyRegisterRequest,
  sessionSummary, sessionList, securityPolicy, endedSessionsAnswer, stepUpRequest,
} from './security';
export { emailChangeAnswer } from './email-changes';
export type { EmailChangeAnswer } from './email-changes';
export type {
  SecondFactorMethod, SecondFactorChallenge, SecondFactorRequest, PasskeySummary, SecurityOverview, TotpEnrolmentAnswer,
  RecoveryCodesAnswer, SessionSummary, SessionList, SecurityPolicy, StepUpRequest,
} from './security';
export { healthAnswer, readinessCheck, readyAnswer, notReadyAnswer, jobRunRequest, jobRunAnswer } from './system';
export type { ReadinessCheckName, JobRunRequest, JobRunAnswer } from './system';
export { maintenanceRun, maintenanceSchedule, maintenanceScheduleSave, maintenanceRunAnswer, maintenanceTasks, maintenanceTasksSave } from './maintenance';
export type { MaintenanceRun, MaintenanceSchedule, MaintenanceScheduleSave, MaintenanceRunAnswer, MaintenanceTasks, MaintenanceTasksSave } from './maintenance';
export {
  statementParams, statementMonthQuery, statementStatus, statementTicket, statementTypeTotal, statementPlan, statementMaintenance, statement, statementSummary,
  statementList, statementRunAnswer,
} from './statement';
export type { StatementParams, StatementMonthQuery, Statement, StatementSummary, StatementRunAnswer } from './statement';
export {
  hourBankBalance, hourBankSettingsAnswer, hourBankAnswer, hourBankQuery, hourBankUpdate, overageApproval, overageApprovalAnswer, overageApprovalCreate,
} from './hour-bank';
export type { HourBankSettingsAnswer, HourBankAnswer, HourBankUpdate, OverageApproval, OverageApprovalAnswer, OverageApprovalCreate } from './hour-bank';
export { inboundTicketCreate, inboundTicketAnswer } from './inbound';
export type { InboundTicketCreate, InboundTicketAnswer } from './inbound';
export { ticketExportQuery, timeExportQuery, invoiceExportQuery } from './export';
export type { TicketExportQuery, TimeExportQuery, InvoiceExportQuery } from './export';
export { apiToken, apiTokenCreate, apiTokenCreated } from './api-token';
export type { ApiToken, ApiTokenCreate, ApiTokenCreated } from './api-token';
export { webhook, webhookSave, webhookCreated, webhookDelivery, webhookDeliveryQuery, webhookDeliveryParams, webhookSettings } from './webhook';
export type { Webhook, WebhookSave, WebhookCreated, WebhookDelivery, WebhookDeliveryQuery, WebhookSettings } from './webhook';
export { releaseReportLine, releaseReportBatch, releaseCanary, releaseMinute, releaseLogLine, releasesOverview } from './release';
export type { ReleaseReportLine, ReleaseReportBatch, ReleaseCanary, ReleaseMinute, ReleaseLogLine, ReleasesOverview } from './release';
