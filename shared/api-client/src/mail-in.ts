import useSWR, { useSWRConfig } from 'swr';
import type { HeldMail, HeldMailAttached, MailInStatus } from '@portal/contract';
import { mailInEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

export const mailInStatusKey = pathOf(api.mailInStatus);
export const heldMailKey = pathOf(api.heldMail);
/** How often the admin screen reads the mailbox's status and the held list (docs/product/notifications-and-mail.md#reading-the-mailbox). */
export const MAIL_IN_STATUS_POLL_MS = 5000;

/** Mail in (admins): the mailbox's status and counts, the held list, attaching or dropping a held message. */
export interface MailInApi {
  status(): Promise<MailInStatus>;
  held(): Promise<HeldMail[]>;
  /** Puts the held message on the ticket, as a note by the support team: a reply or, `internal`, an internal note. */
  attach(mailInId: number, ticketId: number, note?: { internal?: boolean }): Promise<HeldMailAttached>;
  drop(mailInId: number): Promise<{ ok: true }>;
  /** Where the original downloads from (a plain link: the browser sends the session cookie). */
  rawUrl(mailInId: number): string;
}

export function createMailInApi(http: Http, baseUrl = '/api'): MailInApi {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    status: () => http(api.mailInStatus),
    held: () => http(api.heldMail),
    attach: (mailInId, ticketId, note = {}) => http(api.attachHeldMail, { params: { id: mailInId }, body: { ticket_id: ticketId, ...note } }),
    drop: (mailInId) => http(api.dropHeldMail, { params: { id: mailInId } }),
    rawUrl: (mailInId) => `${root}${pathOf(api.heldMailRaw, { id: mailInId })}`,
  };
}

/** The admin screen's status panel and held list; both pass `refreshInterval: MAIL_IN_STATUS_POLL_MS`. */
export function useMailInStatus(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(mailInStatusKey, () => client.mailIn.status(), options);
}

export function useHeldMail(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(heldMailKey, () => client.mailIn.held(), options);
}

/** Attaching or dropping refreshes the held list and the counts. */
export function useHeldMailMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(heldMailKey), mutate(mailInStatusKey)]);
  return {
    async attach(mailInId: number, ticketId: number, note?: { internal?: boolean }) {
      const attached = await client.mailIn.attach(mailInId, ticketId, note);
      await refresh();
      return attached;
    },
    async drop(mailInId: number) {
      const dropped = await client.mailIn.drop(mailInId);
      await refresh();
      return dropped;
    },
  };
}
