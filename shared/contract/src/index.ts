export {
  isoDate, id, flag, metaEntry, companyLink, contact, notePrefs, notification, company, ticket, lookupItem, option,
} from './entities';
export type {
  MetaEntry, CompanyLink, Contact, NotePrefs, Notification, Company, Ticket, LookupItem, Option,
} from './entities';
export {
  errorBody, loginRequest, sessionAnswer, contactUpdate, notePrefsUpdate, notificationCreate, optionSave,
  idParam, nameParam, okAnswer, deletedAnswer,
} from './requests';
export type {
  ErrorBody, LoginRequest, SessionAnswer, ContactUpdate, NotePrefsUpdate, NotificationCreate, OptionSave,
} from './requests';
export {
  OPTION_NAMES, optionName, lookupList, typeAssignments, ratesValue, optionValueSchemas, optionNameParam,
} from './options';
export type { OptionName, TypeAssignments, RatesValue } from './options';
