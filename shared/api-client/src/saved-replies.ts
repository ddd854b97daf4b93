import useSWR from 'swr';
import type { SavedReply, SavedReplyCreate, SavedReplyFilled, SavedReplyUpdate } from '@portal/contract';
import { pathOf, savedReplyEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

export const savedRepliesKey = pathOf(api.savedReplies);

/** Saved replies (docs/product/saved-replies.md): staff only. */
export interface SavedRepliesApi {
  /** The shared ones and the caller's own, by title. */
  list(): Promise<SavedReply[]>;
  create(body: SavedReplyCreate): Promise<SavedReply>;
  update(id: number, body: SavedReplyUpdate): Promise<SavedReply>;
  remove(id: number): Promise<void>;
  /** Counts a use on that ticket and answers the text with its tokens filled. */
  fill(id: number, ticketId: number): Promise<SavedReplyFilled>;
}

export function createSavedRepliesApi(http: Http): SavedRepliesApi {
  return {
    list: () => http(api.savedReplies),
    create: (body) => http(api.createSavedReply, { body }),
    update: (id, body) => http(api.updateSavedReply, { params: { id }, body }),
    remove: async (id) => {
      await http(api.deleteSavedReply, { params: { id } });
    },
    fill: (id, ticketId) => http(api.useSavedReply, { params: { id }, body: { ticket_id: ticketId } }),
  };
}

/** The saved replies the caller may insert; `null` reads nothing (a client, or the picker still closed). */
export function useSavedReplies(enabled = true) {
  const client = useApiClient();
  return useSWR(enabled ? savedRepliesKey : null, () => client.savedReplies.list());
}

/** Writes and uses; each revalidates the list (its usage counts too), also when it fails. */
export function useSavedReplyMutations() {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(savedRepliesKey);
  return {
    create: (body: SavedReplyCreate) => thenRefresh(client.savedReplies.create(body)),
    update: (id: number, body: SavedReplyUpdate) => thenRefresh(client.savedReplies.update(id, body)),
    remove: (id: number) => thenRefresh(client.savedReplies.remove(id)),
    /** Inserting it into a note on that ticket: one use counted, the text answered with its tokens filled. */
    fill: (id: number, ticketId: number) => thenRefresh(client.savedReplies.fill(id, ticketId)),
  };
}
