export { GROUP_ADMIN, GROUP_CLIENT, isAdmin, isStaff, isAgent, isClient, dashboardPathForGroup } from './groups';
export type { DashboardPath } from './groups';
export {
  RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, SIGN_IN_CHALLENGE_MINUTES, SECOND_FACTOR_MAX_ATTEMPTS,
  PASSKEY_CHALLENGE_MINUTES, PASSKEY_NAME_MAX, SECURITY_MESSAGES, DEFAULT_SECURITY_POLICY, SECURITY_PAGE_PATH, ENROLMENT_ROUTES,
  canAdministerAccountSecurity, canChangeSecurityPolicy, isSecondFactorRequired, hasSecondFactor, mustEnrol, secondFactorMethods, issuesRecoveryCodes, canRemoveFactor, isEnrolmentRoute,
  normalizeRecoveryCode, recoveryCodeFromBytes, normalizeTotpCode, isNewBrowser,
} from './account-security';
export type { SecurityPolicyValue, SecondFactors, BrowserIdentity } from './account-security';
export {
  SECOND_FACTOR_ACCOUNT_MAX_GUESSES, SECOND_FACTOR_WINDOW_MINUTES, SECOND_FACTOR_LOCK_MINUTES, claimSecondFactorGuess, secondFactorLockedUntil,
} from './second-factor-guesses';
export type { SecondFactorGuessCount, SecondFactorGuessClaim } from './second-factor-guesses';
export {
  STEP_UP_MINUTES, EMAIL_UNDO_DAYS, EMAIL_CONFIRM_DAYS, STEP_UP_ACTIONS, STEP_UP_MESSAGES, isSteppedUp, needsStepUp, emailChangeNeedsConfirmation,
} from './step-up';
export type { StepUpAction } from './step-up';
export { isLocalPath, safeRedirect } from './redirect';
export { guardRoute, isGuardedPath } from './route-guard';
export { matchRoute } from './route-match';
export type { GuardResult, GuardViewer } from './route-guard';
export {
  STATUS, PRIORITY, TYPE, MODE, SERVICE,
  DEFAULT_STATUSES, DEFAULT_PRIORITIES, DEFAULT_TYPES, DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_SERVICES,
  findLookup, lookupName, lookupColor, toLookupColor,
} from './lookups';
export type { LookupItem, LookupColor } from './lookups';
export { UNIT_MINUTES, UNITS_PER_HOUR, hoursMinutesToUnits, hoursToUnits, unitsToHoursMinutes, formatUnitsHhmm, unitsToHours } from './units';
export type { HoursMinutes } from './units';
export { DEFAULT_RATES, unitPriceUsdFor, unitsChargeUsd, ticketValueUsd, agentPayUsd } from './money';
export { US_FORMATS, formatMoney, formatWholeMoney, formatNumber, formatDate, formatDateTime, formatUsd, formatUsdWhole, formatDateUs,
  formatDateTimeUs,
} from './formats';
export type { Formats } from './formats';
export {
  LANGUAGES, DEFAULT_LANGUAGE, PSEUDO_LOCALE, LANGUAGE_NAMES, CURRENCIES, DEFAULT_CURRENCY, isLanguage, isLocale, isCurrency, pickLanguage,
  acceptLanguageTags, intlLocale, languageOf, documentLanguage,
} from './languages';
export type { Language, Locale, Currency } from './languages';
export type { Rates } from './money';
export {
  DUE_HOUR, defaultDueDate, daysAheadAt, zonedDateAt, atDueHour, addBusinessDays, isBusinessDay, isValidTimeZone,
  parseDate, daysBetween,
} from './dates';
export { slug, truncate, TRUNCATE_DEFAULT, LIST_NAME_MAX, initials } from './text';
export { NOTE_PREFS_META_KEY, DEFAULT_NOTE_PREFS, parseNotePrefs, serializeNotePrefs } from './note-prefs';
export type { NotePrefs } from './note-prefs';
export { DIGEST_KINDS, DIGEST_HOUR, digestKindsOf, digestPeriodStart, nextDigestTime, isDigestDue } from './digest-schedule';
export type { DigestKind } from './digest-schedule';
export { UNSUBSCRIBE_KINDS, UNSUBSCRIBE_PREF, isUnsubscribeKind, notePrefsWithout, unsubscribeReason } from './mail-unsubscribe';
export type { UnsubscribeKind } from './mail-unsubscribe';
export {
  MESSAGES, requiredFieldMessage, attachmentTooLargeMessage, passwordNeedMoreMessage, confirmRemoveContactMessage, welcomeMessage, profileSettingsTitle,
  contactInvitedMessage, timerReplaceQuestion,
} from './messages';
export type { MessageKey } from './messages';
export {
  applyTicketUpdate, normalizeEstimateUnits, estimateAnswer, isFinishedStatus, leavesTicketScreen,
  statusActions, statusActionsFor,
} from './ticket-rules';
export type { TicketWorkflowFields, TicketWorkflowChange, StatusAction, StatusActionKey } from './ticket-rules';
export {
  parseTypeAssignments, readTypeAssignmentsInput, typeAssignmentKey, assigneeForType, creationDefaults, NEW_TICKET_LABELS, isMissingValue, validateNewTicket,
} from './ticket-creation';
export type { TypeAssignments, CreationDefaults, CreationContext, NewTicketField, NewTicketInput, NewTicketValidation } from './ticket-creation';
export {
  TIME_ENTRY_MAX_HOURS, MINUTE_MAX, MINUTE_OPTIONS, TIME_ENTRY_HOUR_OPTIONS, TIME_ENTRY_MAX_UNITS, isMinuteOption, timeEntryUnits,
  validateTimeEntry, freezingInvoice, timeEntryChangeCheck, canEditTimeEntry, timeCorrectionCheck, canCorrectTimeEntry, validateTimeEntryEdit,
  correctionWithinEntry, localDay, editedEntryDate, monthsBackOf,
} from './time-entry';
export type {
  TimeEntryInput, TimeEntryValidation, InvoicedPeriod, ChangeableTimeEntry, TimeEntryCheck, TimeEntryEdit, TimeEntryEditValidation,
} from './time-entry';
export { ESTIMATE_MAX_HOURS, ESTIMATE_HOUR_OPTIONS, ESTIMATE_MINUTE_OPTIONS, estimateUnitsFromInput, estimateInputFromUnits } from './estimate-input';
export {
  ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES_DEFAULT, ATTACHMENT_ACCEPT, attachmentExtension, isAllowedAttachmentName,
  attachmentContentMatches, sanitizeFileName, ATTACHMENT_CONTENT_SAMPLE_BYTES,
} from './attachments';
export type { AttachmentExtension } from './attachments';
export {
  canViewContact, canUpdateContact, canChangeContactGroup, canSaveNotePrefs, canCreateNotification,
  canReadNotifications, canDeleteNotification, canMarkNotificationsRead, canListStaff, canMailContact, canReadOption, canSaveOption,
  canListAllCompanies, canViewCompany, canOpenCompanyProfile, canEditCompanyProfile, canManageCompanySettings,
  canChangeCompanyMode, canDeleteCompany, canLinkExistingContact, canSendResetCode, canOpenCompanyDashboardLink,
  canSeeCompanyNote, canEditCompanyNote, canViewTicket, canCreateTicket, canChooseRequester, ticketRequesterId, canEditTicketField,
  canChangeAssignee, canChangeStatusByDropdown, canChangeStatus, canSetEstimate, canRespondToEstimate,
  canUseClientActions, canSeeTicketValue, canEditTicketText, canWriteActivity, canDeleteActivity, canReadTime, canLogTime, canLogTimeFor,
  canEditTasks, canUploadAttachment, canDeleteAttachment, canUseAiTasks, canChangeTimeEntry, canViewCompanyTime, canSeeCompanyTimeValue,
  canViewContactTime, canViewAllTime, canViewAgentTickets, canListStaffTickets, canBulkUpdateTickets, canUseListPrefs,
  canViewStats, canSeeAdminLinks, searchScope, canCreateContact, passwordChangeNeedsCurrent, canCreateCompany, canSaveCompanyMeta,
  canEditContactPerson, canRunJobs, canUseMessageCenter, canManageAgents, canManageMailIn, canReadOptionUsage,
  canViewBilling, canIssueInvoice, canMarkInvoicePaid, canUseAccounting, canReadCompanyInvoices, canReadTicketHistory, canReadAuditTrail,
  canReadHourBank, canSetHourBank, canAskOverageApproval, canDecideOverage,
} from './policy';
export type { Viewer, CompanyOwned, ContactPerson } from './policy';
export {
  isOpenTicket, isClosedTicket, clientDashboardPlace, layoutClientDashboard, KANBAN_COLUMNS, kanbanColumnOf, layoutKanban,
  activeCount, isFaded, isHiddenInAgentList, isOverdue, estimateBadge, completedTimeLabel,
} from './ticket-placement';
export type { PlacedTicket, ClientDashboardPlace, ClientDashboardLayout, KanbanColumnKey, EstimateBadge } from './ticket-placement';
export { modeClosesTickets, modeClosesTicketsWarning, companyModeTicketChanges } from './company-mode';
export { metaValueOf } from './meta';
export type { MetaLike } from './meta';
export type { ModeTicketChange } from './company-mode';
export {
  LIST_SORT_FIELDS, DEFAULT_LIST_PREFS, filterableStatuses, parseListPrefs, compareTickets, matchesStatusFilters,
} from './list-prefs';
export type { ListSortField, SortDirection, ListPrefs, SortableTicket } from './list-prefs';
export { hiddenByFiltersText, filtersOff, offKanbanText, taggedOnlyText } from './list-filters';
export {
  parseServiceIds, isMaintenanceClient, MAINTENANCE_FREQUENCIES, MAINTENANCE_INTENSITY_COSTS_USD, MAINTENANCE_FREQUENCY_TERMS,
  DEFAULT_MAINTENANCE_PREFS, parseMaintenancePrefs, isValidIntensity, maintenanceEstimate, MAINTENANCE_INTENSITIES, maintenancePlanIntensities, readServiceIdsInput, serializeServiceIds,
  readMaintenancePrefsInput,
} from './maintenance';
export type { MaintenanceFrequency, MaintenanceIntensity, MaintenancePrefs, MaintenanceEstimate } from './maintenance';
export {
  PHONE_DIGITS, formatPhoneInput, isValidPhone, isValidEmail, normalizeEmail, contactFormProblem, EMPTY_CONTACT_DRAFT, leavesNoPrimaryContact,
  CONTACT_FIELD_LABELS, contactFormProblems, missingContactFieldsMessage,
} from './contacts';
export type { ContactFormInput, ContactFormProblem, ContactDraft, PrimaryChange } from './contacts';
export { isUnclaimedContact } from './unclaimed-contact';
export {
  DEFAULT_MAINTENANCE_TEMPLATES, MAINTENANCE_TEMPLATE_INTENSITIES, MAINTENANCE_TASKS_OPTION, MAINTENANCE_TASKS_MAX, MAINTENANCE_TASK_MAX_CHARS,
  MAINTENANCE_INTENSITY_LABELS, MAINTENANCE_SCHEDULE_MESSAGES, maintenancePeriodAt, nextMaintenanceRunAt, maintenanceDueDay, maintenanceDueDate,
  maintenancePeriodLabel, maintenanceTicketTitle, duePeriodAt, templateIntensityOf, readMaintenanceTemplatesInput, parseMaintenanceTemplates,
  maintenanceChecklist, maintenanceEstimateUnits, maintenancePlanText, maintenanceTicketDescription, maintenanceTicketFields,
} from './maintenance-schedule';
export { canManageMaintenanceSchedule } from './policy';
export { canChangeContactLanguage } from './policy';
export type { MaintenancePeriod, MaintenanceRunPeriod, MaintenanceTemplateIntensity, MaintenanceTemplates, MaintenanceTemplatesInput } from './maintenance-schedule';
export type { ContactClaim } from './unclaimed-contact';
export {
  PASSWORD_MIN_LENGTH, RESET_CODE_VALID_MS, passwordLengthHint, isPasswordLongEnough, passwordMatchHint, passwordsMatch,
  canSavePassword, isResetCodeExpired,
} from './password';
export {
  REGISTRATION_CONTACTS_MAX, registrationMode, withFirstPrimary, duplicateEmailProblem, VERIFY_CODE_VALID_MS, isVerifyCodeExpired,
  reachableRegistrationStep, REGISTRATION_NEW_CONTACT_DRAFT_KEY,
} from './registration';
export type { RegistrationStep } from './registration';
export {
  MONTH_RANGE_MAX, yearMonthOf, formatYearMonth, parseYearMonth, shortMonthLabel, monthPeriod, currentMonthPeriod, yearToDatePeriod, lastMonthPeriods,
  monthRangePeriod, periodIndexOf, MONTH_OFFSET_MAX, monthsBackPeriod,
} from './periods';
export type { MonthPeriod, Period, YearMonth } from './periods';
export {
  hoursBetween, timeToAssignmentHours, timeToCompletionHours, averageHours, roundHours, averageTimeToAssignment, averageTimeToCompletion,
  formatDurationHours,
} from './ticket-durations';
export type { DatedTicket } from './ticket-durations';
export {
  COMPANY_PROFILE_TABS, DEFAULT_COMPANY_PROFILE_TAB, companyProfileTabsFor, isCompanyProfileTab, COMPANY_META_KEYS, isCompanyMetaKey,
  normalizeCompanyUrl, companyUrlKey, companyInfoProblem, DELETE_CONFIRMATION_WORD, isDeleteConfirmed,
  withWebScheme, isValidWebsiteUrl, companyInfoFieldProblem, companyUrlProblem,
} from './company-profile';
export type { CompanyProfileTab, CompanyMetaKey, CompanyInfoInput, CompanyInfoProblem } from './company-profile';
export {
  DUE_DATE_MIN_YEAR, DUE_DATE_MAX_YEAR, INVALID_DUE_DATE_DAYS_AHEAD, dayInZone, dueDateFromInput, dueDateFromRequest, dueDateProblem,
} from './due-date-rule';
export type { DueDateInputResult, DueDateProblem, DueDateRequestResult } from './due-date-rule';
export { isAssignableStaff } from './staff';
export type { StaffCandidate } from './staff';
export {
  DEFAULT_LIST_NAMES, isDefaultListName, defaultListLock, defaultListProblem, usedByMessage,
} from './default-lists';
export type { DefaultListLockCode, DefaultListName, LockState, ListUsage } from './default-lists';
export { DEFAULT_LIST_ITEMS, parseLookupList, parseRates } from './option-values';
export {
  RECIPIENT_KINDS, MESSAGE_TOKENS, escapeHtml, replaceTokens, renderWithTokens, tokenUrlValue, ticketListText, tokenValuesFor,
} from './message-tokens';
export {
  MESSAGE_RECIPIENT_RESULTS, recipientResult, resultCounts, isResendable, canResendMessage, canRequeueMail, isRequeueable,
} from './message-results';
export type { MessageRecipientResult, DeliveryStatus, RecipientStep, OutboxStep, ResultCounts } from './message-results';
export type { RecipientKind, TokenValues, TokenPerson, TokenTicket, TokenSource } from './message-tokens';
export {
  TICKET_CONTACT_TYPES, isMessageTicketStatus, clientRecipientLinks, ticketRecipients, recipientProblem, isMessageAgent,
} from './message-recipients';
export type { TicketContactType, ClientLink, RecipientTicket, TicketRecipient, MailableContact } from './message-recipients';
export {
  toCentsInt, fromCents, sumUsd, payrollRows, payrollTotal, rateKindOf, invoiceLines, invoiceTotals, estimateComparison, INVOICE_STATUSES,
  INVOICE_DUE_DAY, INVOICE_SUMMARY_WORDS, INVOICE_SUMMARY_MAX_LENGTH, invoiceNumber, invoiceDueDate, invoiceStatusLabel, canIssueMonth, monthLabel,
} from './billing';
export type {
  PayrollEntry, PayrollRow, RateKind, BillableEntry, InvoiceLine, RateTotal, InvoiceTotals, EstimateComparison, InvoiceStatus, IssueCheck,
} from './billing';
export { groupedInvoiceTotals } from './billing-groups';
export type { BilledUnitsGroup } from './billing-groups';
export {
  keyMatches, staleKeysFor, notificationChanges, sessionChanges, ticketChanges, invoiceChange, pollInterval, LIVE_SAFETY_POLL_MS, LIVE_CATCH_UP_WAIT_MS, LIVE_HEARTBEAT_MS, LIVE_EVENTS_PATH, LIVE_EVENT_STALE, LIVE_EVENT_READY,
  LIVE_WATCH_PATH, LIVE_WATCH_MAX_KEYS, LIVE_WATCH_KEY_MAX_CHARS, LIVE_WATCH_MAX_CHARS, LIVE_STREAM_ID, watchPathOf, watchListOf, isWatchList, isWatched,
  isSafetyNetPoll, LIVE_CHECK_PATH, LIVE_CHECK_MAX_KEYS, LIVE_CHECK_KEY_MAX_CHARS, LIVE_CHECK_ETAG_MAX_CHARS, checkBatchesOf,
} from './live-events';
export type { Change, ChangeKind, LiveCheckEntry } from './live-events';
export {
  LIVE_EVENT_PRESENCE, LIVE_PRESENCE_PATH, PRESENCE_ACTIVITIES, PRESENCE_TTL_MS, PRESENCE_REFRESH_MS, PRESENCE_SEND_GAP_MS, PRESENCE_TYPING_IDLE_MS,
  PRESENCE_NAME_MAX_CHARS, presenceSeenBy, presenceLines, timeAgo, repliesToSeeFirst, newestNoteId, repliedWarning,
} from './presence';
export type { PresenceActivity, PresenceEntry, PresencePerson, FeedNote } from './presence';
export { CHANGE_SEQ_HEADER, parseChangeSeq } from './change-sequence';
export { backoffDelay } from './backoff';
export type { Backoff } from './backoff';
export {
  AUDIT_ENTITIES, AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_SECRET_FIELDS, AUDIT_QUIET_FIELDS, AUDIT_SECRET_VALUE, AUDIT_VALUE_MAX_LENGTH, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX,
  auditActionLabel, auditEntityOf, auditChanges, auditSnapshot,
} from './audit';
export type { AuditEntity, AuditAction, AuditValue, AuditChange } from './audit';
export {
  AUDIT_ENTITY_LABELS, AUDIT_NO_VALUE, AUDIT_LINE_MAX, auditFieldLabel, auditValueText, auditChangeLine, shortAuditLine, auditActorName,
} from './audit-text';
export type { AuditValueNames } from './audit-text';
export {
  MAIL_IN_REASONS, MAIL_IN_IGNORE_REASONS, MAIL_IN_STATUS_LABELS, MAIL_IN_RAW_MAX, MAIL_IN_REFERENCES_MAX, MAIL_IN_NOTE_MAX, MAIL_IN_FILES_MAX,
  ticketTokenOf, subjectWithTicketToken, messageIdsIn, noiseReason, autoReplyHintOf, mailInCompanyOf, ticketTitleFromSubject, decideMailIn,
  mailInTicketFields, heldMailNoteVisibility,
} from './mail-in';
export {
  MAIL_IN_TEXT_SCAN_MAX, MAIL_IN_NO_TEXT, mailNewWords, mailInNoteText, notAttachedLine, heldFilesLine, heldMailNoteText,
} from './mail-in-text';
export type { MailInReason, MailInIgnoreReason, MailInDecision, MailInFacts, MailInSender, MailHeaders, MailInStatusName } from './mail-in';
export {
  PAY_RATE_MAX, canEditPayRate, parsePayRateInput, payRateEffectiveFrom, payRateChangeNote, payRateLabel, returnsToBacklog, agentRemovedNote,
  assignmentsWithout, agentPlacementsText,
} from './agents';
export type { AgentPlacements } from './agents';
export { DELETED_COMPANIES_INVOICES_TITLE, NO_DELETED_COMPANY_INVOICES, deletedCompanyMonthNote, invoiceMailRecipients, monthOffsetOf } from './deleted-companies';
export {
  readSearchText, isEmptySearch, searchGroupsFor, snippetParts, SEARCH_MAX_CHARS, SEARCH_MAX_WORDS, SEARCH_PAGE_SIZE, SEARCH_PREVIEW_SIZE,
  SEARCH_GROUPS, SNIPPET_HIT_START, SNIPPET_HIT_END, ticketHitPath, noteHitPath, companyHitPath, contactHitPath, searchPagePath,
  SEARCH_RANKED_MAX, startsEveryWord, rankTicketHits, rankNoteHits, markSnippet, SNIPPET_WORDS,
} from './full-text-search';
export type { SearchText, SearchGroup, SnippetPart } from './full-text-search';
export {
  HISTORY_STATUSES, HISTORY_PAGE_SIZE, STAFF_LIST_PAGE_SIZE, LIST_LIMIT_MAX, isHistoryTicket, nextListLimit, listProgress, historyBadge,
  compareHistory, staffListOrder, STATUS_LINE_SOURCE, isStatusLine, statusLineNote, statusLineParts, ACTIVITY_PAGE_SIZE, activityCursor, parseActivityCursor,
  compareActivity,
} from './ticket-history';
export type { ClosedTicket, ListOrderTerm, ActivityPosition, StatusLineParts } from './ticket-history';
export {
  DEFAULT_BUSINESS_HOURS, WEEKDAY_NAMES, minutesOfDay, isValidDate, businessHoursProblem, addBusinessMinutes, businessMinutesBetween,
} from './sla/business-hours';
export type { Weekday, WorkingDay, BusinessHours } from './sla/business-hours';
export { startOfLocalDate } from './sla/business-hours';
export { SLA_NOTICES, canReadSlaReport, median, monthBoundsIn, slaOutcomesOf, slaReportOf } from './sla/sla-report';
export type { SlaOutcome, SlaOutcomeState, SlaReport, SlaReportPart, SlaReportTicket, SlaTargetSummary, SlaBreach } from './sla/sla-report';
export {
  SLA_AT_RISK_SHARE, SLA_TARGET_MAX_MINUTES, SLA_PAUSED_STATUSES, hasSlaClock, targetFor, runningSpans, instantAfter, slaStateOf, statusMoveOf, slaTicketOf,
} from './sla/sla-clock';
export type { SlaTarget, SlaLevel, PriorityTarget, SlaState, StatusEntry, SlaTicket, SlaNote } from './sla/sla-clock';
export { canManageSla, canSeeSla, targetsProblem, businessDurationText, slaBadgeText, slaBadgeAt, nextSlaChangeAt, firstSlaChangeAt } from './sla/sla-rules';
export {
  SAVED_REPLY_TITLE_MAX, SAVED_REPLY_BODY_MAX, SAVED_REPLY_TOKENS, canUseSavedReplies, canSeeSavedReply, canManageSavedReply, savedReplyTokenValues,
  escapeMarkdownText, fillSavedReply,
} from './saved-replies';
export type { SavedReplyOwner, SavedReplyToken, SavedReplyPerson, SavedReplyContext } from './saved-replies';
export {
  FOLLOWER_MESSAGES, canFollowTicket, canAddFollowers, canAddFollower, canRemoveFollower, canSeeCcAddresses, followersToTell, followerNoteSnippet, ccOutcome,
} from './followers';
export type { FollowerPerson, FollowedTicket, FollowerRecipient, CcContact } from './followers';
export {
  TAG_NAME_MAX, TICKET_TAGS_MAX, TAG_SUGGESTIONS_MAX, canSeeTags, canTagTickets, canManageTags, normaliseTagName, tagKey, tagNameProblem,
  parseTagFilter, matchesTagFilter, suggestTags,
} from './tags';
export {
  SAVED_VIEW_NAME_MAX, SAVED_VIEWS_MAX, SAVED_VIEW_SCREENS, SAVED_VIEW_BOARDS, canUseSavedViews, canSeeSavedView, savedViewScreenOf, boardQueryOf,
  savedViewLink, parseBoardQuery, savedViewFilterOf, DEFAULT_SAVED_VIEW_FILTER,
} from './saved-views';
export type { SavedViewScreen, SavedViewBoard, SavedViewFilter, BoardQuery } from './saved-views';
export {
  canSeeInternalNotes, canWriteInternalNote, canSeeNote, visibleNotes, isClientWaiting, defaultNoteVisibility,
} from './note-visibility';
export type { NoteVisibility } from './note-visibility';
export {
  HOUR_BANK_THRESHOLDS, HOUR_BANK_MAX_HOURS, HOUR_BANK_MESSAGES, formatBankHours, planIncludedUnits, includedUnitsOf, rolledOverUnits, previousMonth,
  percentUsedOf, hourBankBalanceOf, thresholdsCrossed, entryOverageUnits, overageApprovalCheck, overageByTicket, readBankHours, hourBankInvoice,
} from './hour-bank';
export type { HourBankBalance, HourBankSettings, HourBankThreshold, OverageCheck, HourBankInvoice } from './hour-bank';
export {
  TIMER_ASK_SECONDS, TIMER_LIMIT_SECONDS, TIMER_CHECK_MS, canUseTimer, timerElapsedSeconds, timerUnits, pausedTimer, resumedTimer, pausedAtLimit,
  timerCheck, formatTimerElapsed,
} from './timer';
export type { TimerState } from './timer';
export {
  STATEMENT_MESSAGES, statementSubject, buildStatement, hasStatementActivity, statementMonthAt, canHoldStatement, canReleaseStatement,
  statementStatusLabel, canSeeStatement,
} from './statement';
export { canReadCompanyStatement, canManageStatements } from './policy';
export type {
  StatementEntry, StatementInput, StatementContent, StatementTicket, StatementTypeTotal, StatementPlan, StatementMaintenance, StatementStatus,
  StatementCheck, PlanHoursInput, CompletedTicketRow, OpenTicketRow, MaintenanceTicketRow,
} from './statement';
export {
  API_TOKEN_ACCESS, API_TOKEN_ACCESS_LABELS, API_TOKEN_PREFIX, API_TOKEN_PATTERN, API_TOKENS_PER_PERSON, API_TOKEN_NAME_MAX, API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_REQUESTS_PER_MINUTE, API_TOKEN_TOUCH_MS, API_TOKEN_MESSAGES, apiTokenInputProblem, apiTokenExpiry, isApiTokenLive,
  canCreateAnotherApiToken, canRevokeApiToken, canSeeApiTokensOf, apiTokenRefusal, companyScopeCheck, withinTokenCompany, canSetPasswordWith,
} from './api-tokens';
export type { ApiTokenAccess, ApiTokenGrant, ApiTokenInput, CompanyScopeCheck } from './api-tokens';
export {
  WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_LABELS, webhookEventLabel, WEBHOOK_FORMATS, WEBHOOK_FORMAT_LABELS, WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_RETRY,
  WEBHOOK_RETRY_FOR_MS, WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_EVENT_RETENTION_MS, WEBHOOK_TIMEOUT_MS, WEBHOOK_ANSWER_MAX, webhookRetryAt, webhookMatches,
  isUrgentPriority, webhookSignedText, webhookSignatureHeader, parseWebhookSignature, isPublicAddressRange, isAllowedWebhookHost, parseAllowedHosts,
  webhookUrlProblem, chatLine, slackMessage, teamsMessage, canManageWebhooks,
} from './webhooks';
export type { WebhookEventType, WebhookFormat, WebhookFilter, WebhookEventFacts, ChatFacts } from './webhooks';
export { csvCell, csvFileName } from './csv-cells';
export {
  INBOUND_KEY_MAX, INBOUND_TITLE_MAX, INBOUND_MESSAGES, inboundCompanyId, inboundLookupId, inboundTicketFields, inboundKeyOutcome, inboundRepeatNote,
} from './inbound-tickets';
export type { InboundCompany, InboundTicketRequest } from './inbound-tickets';
export { canExportTickets, canExportTime, canExportInvoices, timeExportWorker, exportDayRange, EXPORT_MESSAGES } from './exports';
export type { CalendarDay } from './exports';
export {
  RELEASE_REPORT_KINDS, RELEASE_FAILURE_KINDS, RELEASE_REPORT_LINES_MAX, RELEASE_REPORT_COUNT_MAX, RELEASE_VERSION, CANARY_SHARE_MIN, CANARY_SHARE_MAX,
  isCanaryShare, canSeeReleases, canaryBucket, inCanary, canaryId, CANARY_RULES, judgeCanary, tallyOf, parseReleaseWindow, RELEASE_ACTIONS,
  RELEASE_MESSAGES,
} from './releases';
export type { ReleaseReportKind, ReleaseTally, CanaryRules, CanaryVerdict, ReleaseAction } from './releases';
