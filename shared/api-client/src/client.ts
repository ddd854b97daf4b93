import { createActivityApi, type ActivityApi } from './activity';
import { createAgentDashboardApi, type AgentDashboardApi } from './agent-dashboard';
import { createAiApi, type AiApi } from './ai';
import { createAttachmentsApi, type AttachmentsApi, type UploadTransportOptions } from './attachments';
import { createAuthApi, type AuthApi } from './auth';
import { createCompaniesApi, type CompaniesApi } from './companies';
import { createContactsApi, type ContactsApi } from './contacts';
import { createHttp, type HttpOptions } from './http';
import { createListPrefsApi, type ListPrefsApi } from './list-prefs';
import { createNotificationsApi, type NotificationsApi } from './notifications';
import { createOptionsApi, type OptionsApi } from './options';
import { createSearchApi, type SearchApi } from './search';
import { createStaffApi, type StaffApi } from './staff';
import { createStaffTicketsApi, type StaffTicketsApi } from './staff-tickets';
import { createTasksApi, type TasksApi } from './tasks';
import { createTicketStatsApi, type TicketStatsApi } from './ticket-stats';
import { createTicketsApi, type TicketsApi } from './tickets';
import { createTimeApi, type TimeApi } from './time';

export type ApiClientOptions = HttpOptions & Pick<UploadTransportOptions, 'createXhr' | 'uploadTimeoutMs'>;

export interface ApiClient {
  auth: AuthApi;
  contacts: ContactsApi;
  notifications: NotificationsApi;
  options: OptionsApi;
  companies: CompaniesApi;
  tickets: TicketsApi;
  activity: ActivityApi;
  time: TimeApi;
  tasks: TasksApi;
  attachments: AttachmentsApi;
  staff: StaffApi;
  search: SearchApi;
  ai: AiApi;
  agentDashboard: AgentDashboardApi;
  staffTickets: StaffTicketsApi;
  listPrefs: ListPrefsApi;
  ticketStats: TicketStatsApi;
}

/** The one typed client over the portal API; the shell creates it and passes callbacks in. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http = createHttp(options);
  return {
    auth: createAuthApi(http),
    contacts: createContactsApi(http),
    notifications: createNotificationsApi(http),
    options: createOptionsApi(http),
    companies: createCompaniesApi(http),
    tickets: createTicketsApi(http),
    activity: createActivityApi(http),
    time: createTimeApi(http),
    tasks: createTasksApi(http),
    attachments: createAttachmentsApi(http, options),
    staff: createStaffApi(http),
    search: createSearchApi(http),
    ai: createAiApi(http),
    agentDashboard: createAgentDashboardApi(http),
    staffTickets: createStaffTicketsApi(http),
    listPrefs: createListPrefsApi(http),
    ticketStats: createTicketStatsApi(http),
  };
}
