import type { Contact, Notification } from '@portal/contract';

export const adminContact: Contact = {
  contact_id: 7,
  title: null,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'admin@demo.test',
  phone: null,
  group_id: 1,
  company_id: null,
  companies: [],
  meta: [],
};

export const aNotification = (over: Partial<Notification> = {}): Notification => ({
  notification_id: 1,
  contact_id: 7,
  ticket_id: null,
  note: 'Ticket 12 was updated',
  date_created: '2026-11-20T15:00:00.000Z',
  ...over,
});

export type FakeRoute = (request: { method: string; url: string; body: unknown }) => { status: number; body?: unknown } | undefined;

/** A fetch double answering from `route`; every call is recorded. */
export function fakeFetch(route: FakeRoute) {
  const calls: { method: string; url: string; body: unknown; init: RequestInit | undefined }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, init });
    const answer = route({ method, url, body }) ?? { status: 404, body: { statusCode: 404, error: 'Not found.' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      text: async () => text,
    } as Response;
  };
  return { fetch: fn as typeof globalThis.fetch, calls };
}
