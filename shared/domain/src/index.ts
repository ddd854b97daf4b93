export { GROUP_ADMIN, GROUP_CLIENT, isAdmin, isStaff, isAgent, isClient, dashboardPathForGroup } from './groups';
export type { DashboardPath } from './groups';
export { isLocalPath, safeRedirect } from './redirect';
export { guardRoute, isGuardedPath } from './route-guard';
export type { GuardResult, GuardViewer } from './route-guard';
export {
  STATUS, PRIORITY, TYPE, MODE, SERVICE,
  DEFAULT_STATUSES, DEFAULT_PRIORITIES, DEFAULT_TYPES, DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_SERVICES,
  findLookup, lookupName, lookupColor, toLookupColor,
} from './lookups';
export type { LookupItem, LookupColor } from './lookups';
export { UNIT_MINUTES, UNITS_PER_HOUR, hoursMinutesToUnits, hoursToUnits, unitsToHoursMinutes, formatUnitsHhmm, unitsToHours } from './units';
export type { HoursMinutes } from './units';
export { DEFAULT_RATES, unitPriceUsdFor, unitsChargeUsd, ticketValueUsd, agentPayUsd, formatUsdWhole, formatUsd } from './money';
export type { Rates } from './money';
export {
  DUE_HOUR, defaultDueDate, daysAheadAt, zonedDateAt, atDueHour, addBusinessDays, isBusinessDay, isValidTimeZone,
  formatDateUs, formatDateTimeUs, parseDate, daysBetween,
} from './dates';
export { slug, truncate, TRUNCATE_DEFAULT, LIST_NAME_MAX, initials } from './text';
export { NOTE_PREFS_META_KEY, DEFAULT_NOTE_PREFS, parseNotePrefs, serializeNotePrefs } from './note-prefs';
export type { NotePrefs } from './note-prefs';
export {
  MESSAGES, requiredFieldMessage, passwordNeedMoreMessage, confirmRemoveContactMessage, welcomeMessage, profileSettingsTitle,
} from './messages';
export type { MessageKey } from './messages';
export {
  applyTicketUpdate, normalizeEstimateUnits, estimateAnswer, isFinishedStatus, leavesTicketScreen,
  statusActions, statusActionsFor, canChangeStatus,
} from './ticket-rules';
export type { TicketWorkflowFields, TicketWorkflowChange, StatusAction, StatusActionKey } from './ticket-rules';
export {
  parseTypeAssignments, typeAssignmentKey, assigneeForType, creationDefaults, NEW_TICKET_LABELS, isMissingValue, validateNewTicket,
} from './ticket-creation';
export type { TypeAssignments, CreationDefaults, CreationContext, NewTicketField, NewTicketInput, NewTicketValidation } from './ticket-creation';
export {
  TIME_ENTRY_MAX_HOURS, MINUTE_MAX, MINUTE_OPTIONS, TIME_ENTRY_HOUR_OPTIONS, TIME_ENTRY_MAX_UNITS, isMinuteOption, timeEntryUnits,
  validateTimeEntry,
} from './time-entry';
export type { TimeEntryInput, TimeEntryValidation } from './time-entry';
export { ESTIMATE_MAX_HOURS, ESTIMATE_HOUR_OPTIONS, ESTIMATE_MINUTE_OPTIONS, estimateUnitsFromInput, estimateInputFromUnits } from './estimate-input';
export { DUE_DATE_MIN_YEAR, DUE_DATE_MAX_YEAR, INVALID_DUE_DATE_DAYS_AHEAD, dueDateFromInput } from './due-date-input';
export type { DueDateInputResult } from './due-date-input';
export {
  ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES_DEFAULT, ATTACHMENT_ACCEPT, attachmentExtension, isAllowedAttachmentName,
  attachmentContentMatches, sanitizeFileName,
} from './attachments';
export type { AttachmentExtension } from './attachments';
export {
  canLogTime, canChangeStatusByDropdown, canChangeAssignee, canEditTasks, canDeleteActivity, canSetEstimate, canRespondToEstimate,
  canSeeTicketValue, canUseClientActions, canSeeAdminLinks, canEditCompanyNotes, canChangeCompanyMode, canViewCompany,
  canOpenCompanyProfile, canManageCompanySettings,
} from './permissions';
export type { CompanyLinkFlag } from './permissions';
