export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { ApiError, isApiError, errorMessage } from './api-error';
export { ApiClientProvider, useApiClient } from './api-client-context';
export type { AuthApi } from './auth';
export { contactKey, useContact, useContactMutations } from './contacts';
export type { ContactsApi } from './contacts';
export {
  notificationsKey, NOTIFICATIONS_POLL_MS, useNotifications, useNotificationMutations,
} from './notifications';
export type { NotificationsApi } from './notifications';
export { optionKey, useOption, useOptionMutations } from './options';
export type { OptionsApi } from './options';
export { useLookupList, useLookups } from './lookups';
export type { LookupOptionName } from './lookups';
export {
  companiesKey, companyKey, companyTicketsKey, companyContactsKey, companyMetaKey, companyContactKey, companyTimeKey, useCompanies,
  useCompany, useCompanyTickets, useCompanyContacts, useCompanyMutations, useCompanyContactMutations,
} from './companies';
export type { CompaniesApi } from './companies';
export { ticketKey, TICKET_POLL_MS, useTicket, useTicketMutations } from './tickets';
export type { TicketsApi } from './tickets';
export { activityKey, useTicketActivity, useActivityMutations } from './activity';
export type { ActivityApi } from './activity';
export { ticketTimeKey, useTicketTime, useTimeMutations } from './time';
export type { TimeApi } from './time';
export { tasksKey, TASKS_POLL_MS, useTicketTasks, useTaskMutations } from './tasks';
export type { TasksApi } from './tasks';
export { attachmentsKey, ATTACHMENTS_POLL_MS, useTicketAttachments, useAttachmentMutations } from './attachments';
export type { AttachmentsApi, UploadTransportOptions } from './attachments';
export { staffKey, useStaff } from './staff';
export type { StaffApi } from './staff';
export type { SearchApi } from './search';
export { aiStatusKey, useAiStatus } from './ai';
export type { AiApi } from './ai';
export {
  CLIENT_DASHBOARD_POLL_MS, useCompanyDashboard, useCompanyDashboardMutations,
} from './company-dashboard';
export type { DashboardPolling } from './company-dashboard';
export {
  AGENT_DASHBOARD_POLL_MS, agentTicketsKey, contactTimeTotalKey, contactTimeEntriesKey, contactMonthlyTimeKey, useAgentDashboard, useAgentTime,
} from './agent-dashboard';
export type { AgentDashboardApi } from './agent-dashboard';
export { STAFF_TICKETS_POLL_MS, staffTicketsKey, useStaffTickets, useStaffTicketMutations } from './staff-tickets';
export type { StaffTicketsApi, StaffTicketsView } from './staff-tickets';
export { listPrefsKey, useListPrefs, useListPrefsMutations } from './list-prefs';
export type { ListPrefsApi } from './list-prefs';
export { ticketStatsKey, useTicketStats } from './ticket-stats';
export type { TicketStatsApi } from './ticket-stats';
