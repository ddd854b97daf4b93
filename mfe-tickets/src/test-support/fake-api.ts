import type { Activity, Task, TicketDetail } from '@portal/contract';
import { aTicket, anActivity, aTask, companyContacts, staffList } from './fixtures';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
export type Override = (call: Call) => Answer | undefined;

/** An in-memory portal API for the remote's tests: answers the ticket screen's calls and records them. */
export function fakeApi(options: { ticket?: TicketDetail; tasks?: Task[]; activity?: Activity[]; override?: Override; ai?: boolean } = {}) {
  const state = {
    ticket: options.ticket ?? aTicket(),
    tasks: options.tasks ?? [aTask()],
    activity: options.activity ?? [anActivity(), anActivity({ activity_id: 2, contact_id: null, contact_name: null, note: 'Ticket imported.' })],
    totalTime: 5,
  };
  const calls: Call[] = [];

  function route(call: Call): Answer {
    const { method, url, body } = call;
    const path = url.replace(/^\/api/, '');
    const t = state.ticket;
    if (method === 'GET' && path === `/ticket/${t.ticket_id}`) return { status: 200, body: t };
    if (method === 'PUT' && path === `/ticket/${t.ticket_id}`) {
      state.ticket = { ...t, ...(body as Partial<TicketDetail>) };
      return { status: 200, body: state.ticket };
    }
    if (method === 'GET' && path === `/ticket/${t.ticket_id}/tasks`) return { status: 200, body: state.tasks };
    if (method === 'GET' && path === `/ticket/${t.ticket_id}/activity`) return { status: 200, body: state.activity };
    if (method === 'POST' && path === '/activity') {
      const created = anActivity({ activity_id: 99, note: (body as { note: string }).note });
      state.activity = [created, ...state.activity];
      return { status: 201, body: created };
    }
    if (method === 'DELETE' && path.startsWith('/activity/')) {
      state.activity = state.activity.filter((a) => `/activity/${a.activity_id}` !== path);
      return { status: 200, body: { deleted: 1 } };
    }
    if (method === 'GET' && path === `/ticket/${t.ticket_id}/attachments`) return { status: 200, body: [] };
    if (method === 'GET' && path === `/ticket/${t.ticket_id}/time`) return { status: 200, body: { total_time: state.totalTime, entries: [] } };
    if (method === 'POST' && path === '/time') {
      const { time, description, contact_id } = body as { time: number; description: string; contact_id: number };
      state.totalTime += time;
      return {
        status: 201,
        body: { entry: { time_id: 5, ticket_id: t.ticket_id, contact_id, contact_name: 'Alan Agent', time, description, date: '2026-11-20T10:00:00.000Z' }, total_time: state.totalTime },
      };
    }
    if (method === 'GET' && path === '/contact?group=staff') return { status: 200, body: staffList };
    if (method === 'GET' && /^\/company\/\d+\/contacts$/.test(path)) return { status: 200, body: companyContacts };
    if (method === 'GET' && path === '/company') {
      return { status: 200, body: [{ company_id: 4, name: 'Acme, LLC', url: null, description: null, mode: 1, note: null, date_created: '2026-01-01T00:00:00.000Z', meta: [] }] };
    }
    if (method === 'GET' && path === '/ai/status') return { status: 200, body: { tasks: options.ai ?? false } };
    return { status: 404, body: { statusCode: 404, error: 'No results found.' } };
  }

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = options.override?.(call) ?? route(call);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => text } as Response;
  }) as typeof globalThis.fetch;

  return { fetch, calls, state, writes: () => calls.filter((c) => c.method !== 'GET') };
}
