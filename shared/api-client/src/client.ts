import { createAccountingApi, type AccountingApi } from './accounting';
import { createActivityApi, type ActivityApi } from './activity';
import { createAiApi, type AiApi } from './ai';
import { createAuditApi, type AuditApi } from './audit';
import { createAttachmentsApi, type AttachmentsApi, type UploadTransportOptions } from './attachments';
import { createAuthApi, type AuthApi } from './auth';
import { createCompaniesApi, type CompaniesApi } from './companies';
import { createContactsApi, type ContactsApi } from './contacts';
import { createHttp, type HttpOptions } from './http';
import { createInvoicesApi, type InvoicesApi } from './invoices';
import { createLiveApi, type CreateEventSource, type LiveApi } from './live';
import { createMailInApi, type MailInApi } from './mail-in';
import { createExportsApi, type ExportsApi } from './exports';
import { createMessagesApi, type MessagesApi } from './messages';
import { createNotificationsApi, type NotificationsApi } from './notifications';
import { createOptionsApi, type OptionsApi } from './options';
import { createReleasesApi, type ReleasesApi } from './releases';
import { createSavedRepliesApi, type SavedRepliesApi } from './saved-replies';
import { createSavedViewsApi, type SavedViewsApi } from './saved-views';
import { createApiTokensApi, type ApiTokensApi } from './api-tokens';
import { createTimerApi, type TimerApi } from './timer';
import { createHourBankApi, type HourBankApi } from './hour-bank';
import { createTagsApi, type TagsApi } from './tags';
import { createMaintenanceApi, type MaintenanceApi } from './maintenance';
import { createFollowersApi, type FollowersApi } from './followers';
import { createSlaApi, type SlaApi } from './sla';
import { createSlaReportApi, type SlaReportApi } from './sla-report';
import { createStatementsApi, type StatementsApi } from './statements';
import { createWebhooksApi, type WebhooksApi } from './webhooks';
import { createSearchApi, type SearchApi } from './search';
import { createSecurityApi, type SecurityApi } from './security';
import { createSettingsApi, type SettingsApi } from './settings';
import { createStatsApi, type StatsApi } from './stats';
import { createTasksApi, type TasksApi } from './tasks';
import { createTicketsApi, type TicketsApi } from './tickets';
import { createTimeApi, type TimeApi } from './time';

export type ApiClientOptions = HttpOptions & Pick<UploadTransportOptions, 'createXhr' | 'uploadTimeoutMs'> & {
  /** How the live stream is opened; the browser's EventSource by default (tests pass the kit's fake). */
  createEventSource?: CreateEventSource;
};

/** One namespace per API resource, as the API's route files are: never one per screen. */
export interface ApiClient {
  settings: SettingsApi;
  auth: AuthApi;
  security: SecurityApi;
  contacts: ContactsApi;
  notifications: NotificationsApi;
  options: OptionsApi;
  companies: CompaniesApi;
  tickets: TicketsApi;
  activity: ActivityApi;
  time: TimeApi;
  tasks: TasksApi;
  savedReplies: SavedRepliesApi;
  savedViews: SavedViewsApi;
  apiTokens: ApiTokensApi;
  timer: TimerApi;
  hourBank: HourBankApi;
  tags: TagsApi;
  maintenance: MaintenanceApi;
  followers: FollowersApi;
  sla: SlaApi;
  slaReport: SlaReportApi;
  statements: StatementsApi;
  webhooks: WebhooksApi;
  attachments: AttachmentsApi;
  search: SearchApi;
  stats: StatsApi;
  ai: AiApi;
  messages: MessagesApi;
  invoices: InvoicesApi;
  audit: AuditApi;
  mailIn: MailInApi;
  exports: ExportsApi;
  accounting: AccountingApi;
  live: LiveApi;
  releases: ReleasesApi;
}

/** The one typed client over the portal API; the shell creates it and passes callbacks in. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http = createHttp(options);
  return {
    settings: createSettingsApi(http),
    auth: createAuthApi(http),
    security: createSecurityApi(http),
    contacts: createContactsApi(http),
    notifications: createNotificationsApi(http),
    options: createOptionsApi(http),
    companies: createCompaniesApi(http),
    tickets: createTicketsApi(http),
    activity: createActivityApi(http),
    time: createTimeApi(http),
    tasks: createTasksApi(http),
    savedReplies: createSavedRepliesApi(http),
    savedViews: createSavedViewsApi(http),
    apiTokens: createApiTokensApi(http),
    timer: createTimerApi(http),
    hourBank: createHourBankApi(http),
    tags: createTagsApi(http),
    maintenance: createMaintenanceApi(http),
    followers: createFollowersApi(http),
    sla: createSlaApi(http),
    slaReport: createSlaReportApi(http),
    statements: createStatementsApi(http),
    webhooks: createWebhooksApi(http),
    attachments: createAttachmentsApi(http, options),
    search: createSearchApi(http),
    stats: createStatsApi(http),
    ai: createAiApi(http),
    messages: createMessagesApi(http),
    invoices: createInvoicesApi(http),
    audit: createAuditApi(http),
    mailIn: createMailInApi(http, options.baseUrl),
    exports: createExportsApi(options.baseUrl),
    accounting: createAccountingApi(http),
    live: createLiveApi(http, options.baseUrl ?? '/api', options.createEventSource),
    releases: createReleasesApi(http),
  };
}
