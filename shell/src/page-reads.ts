import { notificationsKey, timerKey, type PageReads } from '@portal/api-client';
import { authEndpoints, pathOf } from '@portal/contract/endpoints';

/**
 * What the shell reads on every signed-in page's first render (docs/performance.md#data-with-the-page): the session
 * check, the bell's notifications and, for staff, the header's running timer. `*` is every signed-in page.
 */
export const pageReads: PageReads = {
  '*': (_ids, { contactId, staff }) => [pathOf(authEndpoints.me), notificationsKey(contactId), ...(staff ? [timerKey] : [])],
};
