import useSWR, { useSWRConfig } from 'swr';
import type { Notification, NotificationCreate } from '@portal/contract';
import { notificationEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';

export const notificationsKey = (contactId: number) => pathOf(api.notifications, { id: contactId });

/** The bell polls every second, and only while the page is visible (the safety net while the live stream is open; docs/product/notifications-and-mail.md#bell-panel). */
export const NOTIFICATIONS_POLL_MS = 1000;

export interface NotificationsApi {
  list(contactId: number): Promise<Notification[]>;
  create(input: NotificationCreate): Promise<Notification>;
  remove(notificationId: number): Promise<void>;
  removeAll(contactId: number): Promise<void>;
  /** Marks one read: answers it as it is now. */
  read(notificationId: number): Promise<Notification>;
  /** Marks all of the contact's notifications read: answers how many were unread. */
  readAll(contactId: number): Promise<number>;
}

export function createNotificationsApi(http: Http): NotificationsApi {
  return {
    list: (contactId) => http(api.notifications, { params: { id: contactId } }),
    create: (input) => http(api.createNotification, { body: input }),
    remove: async (notificationId) => {
      await http(api.deleteNotification, { params: { id: notificationId } });
    },
    removeAll: async (contactId) => {
      await http(api.clearNotifications, { params: { id: contactId } });
    },
    read: (notificationId) => http(api.readNotification, { params: { id: notificationId } }),
    readAll: async (contactId) => (await http(api.readAllNotifications, { params: { id: contactId } })).read,
  };
}

/**
 * The contact's notifications, refreshed every second while the document is visible and the live
 * stream is down (every 30 s while it is open: pushed changes revalidate the list).
 * Load failures are silent (docs/product/messages.md#error-catalogue): callers get the last good list, never an error to show.
 */
export function useNotifications(contactId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  const { data, isLoading, mutate } = useSWR(
    contactId ? notificationsKey(contactId) : null,
    () => client.notifications.list(contactId as number),
    {
      refreshInterval: pollInterval(NOTIFICATIONS_POLL_MS, live),
      refreshWhenHidden: false,
      refreshWhenOffline: false,
      shouldRetryOnError: false,
      onError: () => undefined,
    },
  );
  return { notifications: data ?? [], isLoading, mutate };
}

/** Mutations that revalidate the list they change. Errors reach the caller to show. */
export function useNotificationMutations(contactId: number | null | undefined) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => (contactId ? mutate(notificationsKey(contactId)) : Promise.resolve());
  /** Shows `ids` (or all, when null) read at once; the answer that follows the write settles it. */
  const showRead = async (ids: readonly number[] | null) => {
    if (!contactId) return;
    const now = new Date().toISOString();
    await mutate(
      notificationsKey(contactId),
      (list: Notification[] | undefined) =>
        list?.map((n) => (n.date_read === null && (ids === null || ids.includes(n.notification_id)) ? { ...n, date_read: now } : n)),
      { revalidate: false },
    );
  };
  return {
    async create(input: NotificationCreate) {
      const created = await client.notifications.create(input);
      await mutate(notificationsKey(input.contact_id));
      return created;
    },
    async remove(notificationId: number) {
      if (contactId) {
        await mutate(
          notificationsKey(contactId),
          (list: Notification[] | undefined) => list?.filter((n) => n.notification_id !== notificationId),
          { revalidate: false },
        );
      }
      try {
        await client.notifications.remove(notificationId);
      } finally {
        await refresh();
      }
    },
    /** Marks one read (opening it): the badge drops at once. */
    async markRead(notificationId: number) {
      await showRead([notificationId]);
      try {
        await client.notifications.read(notificationId);
      } finally {
        await refresh();
      }
    },
    async markAllRead() {
      if (!contactId) return;
      await showRead(null);
      try {
        await client.notifications.readAll(contactId);
      } finally {
        await refresh();
      }
    },
    async removeAll() {
      if (!contactId) return;
      try {
        await client.notifications.removeAll(contactId);
      } finally {
        await refresh();
      }
    },
  };
}
