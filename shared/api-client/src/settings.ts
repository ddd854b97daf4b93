import useSWR from 'swr';
import type { PublicSettings } from '@portal/contract';
import { settingsEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const publicSettingsKey = pathOf(api.publicSettings);

export interface SettingsApi {
  /** The kickoff-meeting link and the support address the server is configured with (public). */
  public(): Promise<PublicSettings>;
}

export function createSettingsApi(http: Http): SettingsApi {
  return {
    public: () => http(api.publicSettings),
  };
}

export function usePublicSettings() {
  const client = useApiClient();
  return useSWR(publicSettingsKey, () => client.settings.public(), { revalidateOnFocus: false });
}
