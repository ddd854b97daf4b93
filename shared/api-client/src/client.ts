import { createAuthApi, type AuthApi } from './auth';
import { createCompaniesApi, type CompaniesApi } from './companies';
import { createContactsApi, type ContactsApi } from './contacts';
import { createHttp, type HttpOptions } from './http';
import { createNotificationsApi, type NotificationsApi } from './notifications';
import { createOptionsApi, type OptionsApi } from './options';
import { createTicketsApi, type TicketsApi } from './tickets';

export type ApiClientOptions = HttpOptions;

export interface ApiClient {
  auth: AuthApi;
  contacts: ContactsApi;
  notifications: NotificationsApi;
  options: OptionsApi;
  companies: CompaniesApi;
  tickets: TicketsApi;
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
  };
}
