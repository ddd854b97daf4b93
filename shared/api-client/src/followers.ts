import useSWR, { useSWRConfig } from 'swr';
import type { TicketFollowers } from '@portal/contract';
import { followerEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';

/** A ticket's followers (docs/product/tickets.md#followers-and-cc): the live stream names this key when they change. */
export const followersKey = (ticketId: number) => pathOf(api.ticketFollowers, { id: ticketId });

/** Read again this often only while the live stream is down. */
export const FOLLOWERS_POLL_MS = 10_000;

/** Every call answers the ticket's followers as they are after it. */
export interface FollowersApi {
  list(ticketId: number): Promise<TicketFollowers>;
  follow(ticketId: number): Promise<TicketFollowers>;
  unfollow(ticketId: number): Promise<TicketFollowers>;
  add(ticketId: number, contactId: number): Promise<TicketFollowers>;
  remove(ticketId: number, contactId: number): Promise<TicketFollowers>;
  dismissCc(ticketId: number, ccId: number): Promise<TicketFollowers>;
}

export function createFollowersApi(http: Http): FollowersApi {
  return {
    list: (ticketId) => http(api.ticketFollowers, { params: { id: ticketId } }),
    follow: (ticketId) => http(api.followTicket, { params: { id: ticketId } }),
    unfollow: (ticketId) => http(api.unfollowTicket, { params: { id: ticketId } }),
    add: (ticketId, contactId) => http(api.addTicketFollower, { params: { id: ticketId }, body: { contact_id: contactId } }),
    remove: (ticketId, contactId) => http(api.removeTicketFollower, { params: { id: ticketId, contact_id: contactId } }),
    dismissCc: (ticketId, ccId) => http(api.dismissCcAddress, { params: { id: ticketId, cc_id: ccId } }),
  };
}

export function useTicketFollowers(ticketId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? followersKey(ticketId) : null, () => client.followers.list(ticketId as number), {
    refreshInterval: pollInterval(FOLLOWERS_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

/** Changes of a ticket's followers; each puts the answer in place, and reads the list again when it fails. */
export function useFollowerMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const key = followersKey(ticketId);
  async function settle(work: Promise<TicketFollowers>): Promise<TicketFollowers> {
    try {
      const after = await work;
      await mutate(key, after, { revalidate: false });
      return after;
    } catch (failure) {
      await mutate(key);
      throw failure;
    }
  }
  return {
    follow: () => settle(client.followers.follow(ticketId)),
    unfollow: () => settle(client.followers.unfollow(ticketId)),
    add: (contactId: number) => settle(client.followers.add(ticketId, contactId)),
    remove: (contactId: number) => settle(client.followers.remove(ticketId, contactId)),
    dismissCc: (ccId: number) => settle(client.followers.dismissCc(ticketId, ccId)),
  };
}
