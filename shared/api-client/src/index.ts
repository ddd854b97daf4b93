export { createApiClient } from './client';
export type { ApiClient, ApiClientOptions } from './client';
export { ApiError, isApiError } from './api-error';
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
export { companiesKey, companyKey, companyTicketsKey, useCompanies, useCompany, useCompanyTickets } from './companies';
export type { CompaniesApi } from './companies';
export { ticketKey, TICKET_POLL_MS, useTicket } from './tickets';
export type { TicketsApi } from './tickets';
