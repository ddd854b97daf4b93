import useSWR from 'swr';
import type { Tag, TicketTags } from '@portal/contract';
import { pathOf, tagEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

/** Every tag with its usage (docs/product/tags-and-views.md): the autocomplete filters it, Admin Settings lists it. */
export const tagsKey = pathOf(api.tags);

/** Tags: staff only; renaming and deleting, admins. */
export interface TagsApi {
  list(q?: string): Promise<Tag[]>;
  /** Puts the tag on the ticket (created when new); answers the ticket's tags. */
  addToTicket(ticketId: number, name: string): Promise<TicketTags>;
  removeFromTicket(ticketId: number, name: string): Promise<TicketTags>;
  rename(id: number, name: string): Promise<Tag>;
  remove(id: number): Promise<void>;
}

export function createTagsApi(http: Http): TagsApi {
  return {
    list: (q) => http(api.tags, { query: q ? { q } : {} }),
    addToTicket: (ticketId, name) => http(api.addTicketTag, { params: { id: ticketId }, body: { name } }),
    removeFromTicket: (ticketId, name) => http(api.removeTicketTag, { params: { id: ticketId, name } }),
    rename: (id, name) => http(api.renameTag, { params: { id }, body: { name } }),
    remove: async (id) => {
      await http(api.deleteTag, { params: { id } });
    },
  };
}

/** Every tag with its usage; `enabled` false (a client) reads nothing. */
export function useTags(enabled = true) {
  const client = useApiClient();
  return useSWR(enabled ? tagsKey : null, () => client.tags.list());
}

/** What a tag write makes stale here: the tags, the ticket screens, the lists and the saved views' counts. */
const touchedByTags = (key: unknown) =>
  typeof key === 'string' && (key === tagsKey || key.startsWith(`${tagsKey}?`) || /^\/ticket\/\d+$/.test(key) || /^\/staff\/tickets/.test(key)
    || /^\/contact\/\d+\/tickets$/.test(key) || key === '/saved-views');

/** Tagging and managing tags; each revalidates what shows tags, also when it fails. */
export function useTagMutations() {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(touchedByTags);
  return {
    addToTicket: (ticketId: number, name: string) => thenRefresh(client.tags.addToTicket(ticketId, name)),
    removeFromTicket: (ticketId: number, name: string) => thenRefresh(client.tags.removeFromTicket(ticketId, name)),
    rename: (id: number, name: string) => thenRefresh(client.tags.rename(id, name)),
    remove: (id: number) => thenRefresh(client.tags.remove(id)),
  };
}
