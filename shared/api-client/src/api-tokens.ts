import useSWR from 'swr';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from '@portal/contract';
import { apiTokenEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

/** The caller's live API tokens (docs/product/integrations.md#api-tokens). */
export const apiTokensKey = pathOf(api.apiTokens);

export interface ApiTokensApi {
  list(): Promise<ApiToken[]>;
  /** The new token with its plain text, answered once. */
  create(body: ApiTokenCreate): Promise<ApiTokenCreated>;
  revoke(id: number): Promise<void>;
}

export function createApiTokensApi(http: Http): ApiTokensApi {
  return {
    list: () => http(api.apiTokens),
    create: (body) => http(api.createApiToken, { body }),
    revoke: async (id) => {
      await http(api.revokeApiToken, { params: { id } });
    },
  };
}

export function useApiTokens() {
  const client = useApiClient();
  return useSWR(apiTokensKey, () => client.apiTokens.list());
}

/** Writes; each revalidates the list, also when it fails. */
export function useApiTokenMutations() {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(apiTokensKey);
  return {
    create: (body: ApiTokenCreate) => thenRefresh(client.apiTokens.create(body)),
    revoke: (id: number) => thenRefresh(client.apiTokens.revoke(id)),
  };
}
