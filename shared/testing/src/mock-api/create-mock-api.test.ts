import { createApiClient } from '@portal/api-client';
import { aTicketDetail, anActivity } from '../index';
import { createMockApi, portalHandlers } from './create-mock-api';
import { createPortalData } from './portal-data';
import { apiPath, errorAnswer } from './respond';
import { recordedWrites, server } from './server';
import { http, HttpHandler, matchRequestUrl, type RequestHandler } from 'msw';

const client = () => createApiClient({ baseUrl: 'http://localhost/api' });

describe('createMockApi', () => {
  it('answers a seeded ticket and records a write with its body', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: [anActivity()] });
    server.use(...api.handlers);
    await expect(client().tickets.get(12)).resolves.toMatchObject({ ticket_id: 12, title: 'Fix the contact form' });
    await client().tickets.update(12, { status_id: 6 });
    expect(recordedWrites()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 6 } }]);
    expect(api.db.tickets[0]?.status_id).toBe(6);
  });

  it('lets a test override one route with an error', async () => {
    server.use(...createMockApi({ tickets: [aTicketDetail()] }).handlers);
    server.use(http.put(apiPath('/ticket/:id'), () => errorAnswer(403, 'No.')));
    await expect(client().tickets.update(12, { status_id: 6 })).rejects.toMatchObject({ status: 403, message: 'No.' });
  });
});

/** A request each handler answers: its path on http://localhost with 7 for an id and `x` for any other parameter. */
function routesOf(handlers: RequestHandler[]) {
  return handlers.map((handler) => {
    if (!(handler instanceof HttpHandler)) throw new Error('The mock API holds HTTP handlers only.');
    const { method, path } = handler.info;
    const sample = String(path).replace(/^\*/, 'http://localhost').replace(/:\w+\(\\d\+\)/g, '7').replace(/:\w+/g, 'x');
    return { method: String(method), path: String(path), sample: new URL(sample) };
  });
}

const get = async (path: string) => (await fetch(`http://localhost/api${path}`)).json() as Promise<unknown>;
const send = async (method: string, path: string, body: unknown) =>
  (await fetch(`http://localhost/api${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<unknown>;

describe('the mock API handlers', () => {
  it('never match the same request twice, so their order does not matter', () => {
    const routes = routesOf(portalHandlers(createPortalData()));
    const overlaps = routes.flatMap((route) => routes
      .filter((other) => other !== route && other.method === route.method && matchRequestUrl(route.sample, other.path).matches)
      .map((other) => `${route.method} ${route.sample.pathname} is matched by ${other.path} too`));
    expect(overlaps).toEqual([]);
    for (const route of routes) expect(matchRequestUrl(route.sample, route.path).matches).toBe(true);
  });

  it.each([
    ['as composed', (handlers: RequestHandler[]) => handlers],
    ['reversed', (handlers: RequestHandler[]) => [...handlers].reverse()],
  ])('answer the routes that share a path prefix with the right handler, %s', async (_order, arrange) => {
    const api = createMockApi({ tickets: [aTicketDetail()] });
    server.use(...arrange(api.handlers));

    expect(await get('/company')).toEqual([expect.not.objectContaining({ primary_contact: expect.anything() })]);
    expect(await get('/company?include=primary')).toEqual([expect.objectContaining({ primary_contact: expect.objectContaining({ first_name: 'Cora' }) })]);
    expect(await get('/company/search?field=url&value=https://acme.example')).toEqual({ exists: true });
    expect(await get('/company/4')).toMatchObject({ company_id: 4, name: 'Acme, LLC' });
    expect(await get('/contact?group=agents')).toEqual(expect.arrayContaining([expect.objectContaining({ first_name: 'Alan', pay_rate: null })]));
    expect(await get('/contact?group=staff')).toEqual(expect.arrayContaining([expect.objectContaining({ first_name: 'Ada' })]));
    expect(await send('PUT', '/ticket/bulk', { ticket_ids: [12], status_id: 3 })).toMatchObject({ updated: 1 });
    expect(await send('PUT', '/ticket/12', { status_id: 6 })).toMatchObject({ ticket_id: 12, status_id: 6 });
    expect(await get('/company/-1/invoiceitems/0')).toMatchObject({ companies: [] });
    expect(await get('/company/4/invoiceitems/0')).toMatchObject({ company_id: 4, items: [] });
    expect(await get('/sendmail/templates')).toEqual([]);
    expect(await send('POST', '/search/ticket', { term: 'contact' })).toEqual([expect.objectContaining({ ticket_id: 12 })]);
    expect(await send('POST', '/search/company', { term: 'contact' })).toEqual([]);
  });
});
