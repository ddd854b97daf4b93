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
  DUE_HOUR, defaultDueDate, daysAheadAt, atDueHour, addBusinessDays, isBusinessDay, isValidTimeZone,
  formatDateUs, formatDateTimeUs, parseDate, daysBetween,
} from './dates';
export { slug, truncate, TRUNCATE_DEFAULT, LIST_NAME_MAX, initials } from './text';
export { NOTE_PREFS_META_KEY, DEFAULT_NOTE_PREFS, parseNotePrefs, serializeNotePrefs } from './note-prefs';
export type { NotePrefs } from './note-prefs';
export {
  MESSAGES, requiredFieldMessage, passwordNeedMoreMessage, confirmRemoveContactMessage, welcomeMessage, profileSettingsTitle,
} from './messages';
export type { MessageKey } from './messages';
