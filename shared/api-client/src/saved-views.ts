import useSWR from 'swr';
import type { SavedView, SavedViewCreate, SavedViewUpdate } from '@portal/contract';
import { pathOf, savedViewEndpoints as api } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';
import { useLiveStatus } from './live-status';
import { STAFF_TICKETS_POLL_MS } from './tickets';

/** The caller's saved views with their live counts (docs/product/tags-and-views.md#saved-views). */
export const savedViewsKey = pathOf(api.savedViews);

export interface SavedViewsApi {
  list(): Promise<SavedView[]>;
  create(body: SavedViewCreate): Promise<SavedView>;
  update(id: number, body: SavedViewUpdate): Promise<SavedView>;
  remove(id: number): Promise<void>;
}

export function createSavedViewsApi(http: Http): SavedViewsApi {
  return {
    list: () => http(api.savedViews),
    create: (body) => http(api.createSavedView, { body }),
    update: (id, body) => http(api.updateSavedView, { params: { id }, body }),
    remove: async (id) => {
      await http(api.deleteSavedView, { params: { id } });
    },
  };
}

/** The caller's views, refreshed as the lists are (their counts follow the tickets); `enabled` false reads nothing. */
export function useSavedViews(enabled = true) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(enabled ? savedViewsKey : null, () => client.savedViews.list(), {
    refreshInterval: pollInterval(STAFF_TICKETS_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

/** Writes; each revalidates the list, also when it fails. */
export function useSavedViewMutations() {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(savedViewsKey);
  return {
    create: (body: SavedViewCreate) => thenRefresh(client.savedViews.create(body)),
    update: (id: number, body: SavedViewUpdate) => thenRefresh(client.savedViews.update(id, body)),
    remove: (id: number) => thenRefresh(client.savedViews.remove(id)),
  };
}
