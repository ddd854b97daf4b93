import { activityEndpoints, authEndpoints, ticketEndpoints, timeEndpoints } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import { fixedTextIn } from '@portal/i18n/message-text';
import { BAD_RESPONSE_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import type * as HttpModule from './http';

/** A fresh copy of ./http, so the contract's load state starts empty. */
function freshHttp(): typeof HttpModule {
  let module: typeof HttpModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<typeof HttpModule>('./http');
  });
  return module!;
}

const answer = (status: number, body: unknown) =>
  jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('createHttp', () => {
  it('loads @portal/contract with the first call, not when the client is made', async () => {
    const { createHttp, loadedContract } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(200, { ok: true }) });
    expect(loadedContract()).toBeUndefined();

    await expect(request(authEndpoints.logout)).resolves.toEqual({ ok: true });
    expect(loadedContract()?.okAnswer).toBeDefined();
  });

  it('checks the answer against the schema the endpoint names, and says so when it does not match', async () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(200, { deleted: 'many' }) });

    await expect(request(activityEndpoints.deleteActivity, { params: { id: 1 } })).rejects.toMatchObject({ status: 200, message: BAD_RESPONSE_MESSAGE });
  });

  it("reads an error's message with the contract's error body", async () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(404, { statusCode: 404, error: 'That ticket does not exist.' }) });

    await expect(request(ticketEndpoints.ticket, { params: { id: 9 } })).rejects.toMatchObject({ status: 404, message: 'That ticket does not exist.' });
  });

  it('says the request failed, in a fixed text the screens translate, when an error answer is not the portal\'s (a proxy\'s page)', async () => {
    const { createHttp } = freshHttp();
    const proxyPage = jest.fn(async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const request = createHttp({ baseUrl: '/api', fetch: proxyPage });

    await expect(request(ticketEndpoints.ticket, { params: { id: 9 } })).rejects.toMatchObject({ status: 502, message: MESSAGES.requestFailed });
  });

  it('words its own failures as fixed texts, which a German reader reads in German', async () => {
    const german = await fixedTextIn('de');
    expect([MESSAGES.requestFailed, TIMEOUT_MESSAGE, NETWORK_MESSAGE, BAD_RESPONSE_MESSAGE].map(german)).toEqual([
      'Die Anfrage ist fehlgeschlagen. Bitte versuchen Sie es noch einmal.',
      'Der Server hat zu lange nicht geantwortet. Bitte versuchen Sie es noch einmal.',
      'Der Server war nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
      'Der Server hat eine Antwort geschickt, die das Portal nicht versteht.',
    ]);
  });
});

describe('a call of an endpoint of the table', () => {
  it('sends its method to its path with the parameters and query filled, and the body', async () => {
    const { createHttp, loadedContract } = freshHttp();
    const entry = { time_id: 3, ticket_id: 12, contact_id: 4, contact_name: 'Alex', time: 5, description: 'x', date: '2026-12-01T10:00:00.000Z' };
    const fetch = answer(201, { entry, total_time: 5 });
    const request = createHttp({ baseUrl: '/api', fetch });
    expect(loadedContract()).toBeUndefined();

    const created = await request(timeEndpoints.correctTime, { params: { id: 3 }, query: { time_zone: 'Europe/Paris' }, body: { time: -2 } });
    expect(created).toEqual({ entry: { ...entry, corrects_time_id: null, invoice: null }, total_time: 5 });
    expect(fetch).toHaveBeenCalledWith('/api/time/3/corrections?time_zone=Europe%2FParis', expect.objectContaining({ method: 'POST', body: '{"time":-2}' }));
  });

  it('reads an array answer with the answer schema of each item', async () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(200, [{ month: '2026-11' }]) });

    await expect(request(timeEndpoints.contactMonthlyTime, { params: { id: 4 }, query: { months: 1 } }))
      .rejects.toMatchObject({ status: 200, message: BAD_RESPONSE_MESSAGE });
  });
});

describe('what the client may call', () => {
  it('is an endpoint of the table only: a path or method the server does not define fails typecheck', () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(200, {}) });
    const notInTable = { method: 'GET', path: '/tickets/everything', answer: 'ticketDetail' } as const;
    const wrongMethod = { ...ticketEndpoints.ticket, method: 'PATCH' } as const;
    // @ts-expect-error: not an endpoint of @portal/contract/endpoints
    expect(() => request(notInTable)).toBeDefined();
    // @ts-expect-error: the table's GET /ticket/:id, with a method the server does not define
    expect(() => request(wrongMethod, { params: { id: 1 } })).toBeDefined();
    // @ts-expect-error: the older form (method, path, schema) is gone
    expect(() => request('GET', '/ticket/1', (c: { ticketDetail: unknown }) => c.ticketDetail)).toBeDefined();
  });
});
