import useSWR, { useSWRConfig } from 'swr';
import { listPrefs, type ListPrefsValue } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const listPrefsKey = (contactId: number) => `/contact/${contactId}/meta/list_prefs`;

export interface ListPrefsApi {
  /** The saved staff-list preferences; the defaults when none are saved. */
  get(contactId: number): Promise<ListPrefsValue>;
  save(contactId: number, prefs: ListPrefsValue): Promise<ListPrefsValue>;
}

export function createListPrefsApi(http: Http): ListPrefsApi {
  return {
    get: (contactId) => http('GET', listPrefsKey(contactId), listPrefs),
    save: (contactId, prefs) => http('PUT', listPrefsKey(contactId), listPrefs, { body: prefs }),
  };
}

export function useListPrefs(contactId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(contactId ? listPrefsKey(contactId) : null, () => client.listPrefs.get(contactId as number), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

export function useListPrefsMutations(contactId: number | null | undefined) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async save(prefs: ListPrefsValue) {
      if (!contactId) return prefs;
      const key = listPrefsKey(contactId);
      await mutate(key, prefs, { revalidate: false });
      try {
        const saved = await client.listPrefs.save(contactId, prefs);
        await mutate(key, saved, { revalidate: false });
        return saved;
      } catch (error) {
        await mutate(key);
        throw error;
      }
    },
  };
}
