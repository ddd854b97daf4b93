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
export {
  ticketDetail, ticketCreate, ticketUpdate, activity, activityCreate, timeEntry, ticketTime, timeEntryCreate, timeEntryCreated,
  task, taskCreate, taskUpdate, taskParams, ATTACHMENT_TARGET_TYPES, attachmentTargetParams, attachmentItemParams,
  attachmentIdParam, attachment, companyContact, staffContact, contactListQuery, metaKeyParams, sendActivity, sendMail,
  SEARCH_OPERATORS, searchCondition, searchRequest, searchTypeParam, aiTasksRequest, aiTasksAnswer, aiStatus,
} from './tickets';
export type {
  TicketDetail, TicketCreate, TicketUpdate, Activity, ActivityCreate, TimeEntry, TicketTime, TimeEntryCreate, TimeEntryCreated,
  Task, TaskCreate, TaskUpdate, Attachment, CompanyContact, StaffContact, SendActivity, SendMail, SearchRequest, AiTasksRequest,
  AiTasksAnswer, AiStatus,
} from './tickets';
export {
  timeZoneQuery, companyTimeTotal, contactTimeTotal, allTimeTotal, contactTimeQuery, contactTimeEntry, monthlyTimeQuery, monthlyTime,
  listedTicket, staffTicketsQuery, ticketBulkUpdate, ticketBulkAnswer, companyUpdate, companyUpdateAnswer, listPrefs, ticketStatsQuery,
  ticketStatsMonth,
} from './dashboards';
export type {
  CompanyTimeTotal, ContactTimeTotal, AllTimeTotal, ContactTimeEntry, MonthlyTime, ListedTicket, TicketBulkUpdate, TicketBulkAnswer,
  CompanyUpdate, CompanyUpdateAnswer, ListPrefsValue, TicketStatsMonth,
} from './dashboards';
export {
  ticketSummary, companyTicketsQuery, COMPANY_TICKETS_COMPLETED_DEFAULT, COMPANY_TICKETS_COMPLETED_MAX,
} from './company-tickets';
export type { TicketSummary, CompanyTicketsQuery } from './company-tickets';
export { remoteName, remoteApp, remoteAppList, remoteMapEntry, remotesMap, parseRemotesMap } from './remotes';
export type { RemoteApp, RemoteMapEntry, RemotesMap } from './remotes';
