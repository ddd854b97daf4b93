import { apiTokenEndpoints, authEndpoints, eventEndpoints } from '@portal/contract/endpoints';
import { CHANGE_SEQ_HEADER } from '@portal/domain';
import type * as HttpModule from './http';
import type * as PrimedModule from './primed-reads';

/** Fresh copies of ./http and ./primed-reads sharing one module registry: nothing primed, no change number seen. */
function fresh(): typeof HttpModule & typeof PrimedModule {
  let modules: (typeof HttpModule & typeof PrimedModule) | undefined;
  jest.isolateModules(() => {
    modules = { ...jest.requireActual<typeof HttpModule>('./http'), ...jest.requireActual<typeof PrimedModule>('./primed-reads') };
  });
  return modules!;
}

const network = (body: unknown, headers: Record<string, string> = {}) =>
  jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } }));

const tokens = { params: { id: 4 } };
const PATH = '/admin/contacts/4/api-tokens';

describe('primed reads', () => {
  it('answer the next GET of their path without the network, once', async () => {
    const { createHttp, primeFirstReads } = fresh();
    const fetch = network([]);
    const http = createHttp({ fetch });
    primeFirstReads({ [PATH]: { body: [], seq: '12' } });

    await expect(http(apiTokenEndpoints.contactApiTokens, tokens)).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    await http(apiTokenEndpoints.contactApiTokens, tokens);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The primed answer's change number is the tab's from then on: the network read names it.
    expect(fetch.mock.calls[0]![1]!.headers).toMatchObject({ [CHANGE_SEQ_HEADER]: '12' });
  });

  it('are forgotten when the tab writes', async () => {
    const { createHttp, primeFirstReads } = fresh();
    const fetch = network({ ok: true });
    const http = createHttp({ fetch });
    primeFirstReads({ [PATH]: { body: [] } });

    await http(authEndpoints.logout);
    fetch.mockImplementation(async () => new Response('[]', { status: 200 }));
    await http(apiTokenEndpoints.contactApiTokens, tokens);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("are kept through the live stream's calls, which change nothing, and forgotten by the keys a live event names", async () => {
    const { createHttp, primeFirstReads, forgetPrimedReads } = fresh();
    const fetch = network({ ok: true });
    const http = createHttp({ fetch });
    primeFirstReads({ [PATH]: { body: [] }, '/ticket/9': { body: {} } });

    await http(eventEndpoints.livePresence, { body: { stream: 's1', ticket_id: 9, activity: 'viewing' } });
    forgetPrimedReads((path) => path === '/ticket/9');
    fetch.mockImplementation(async () => new Response('[]', { status: 200 }));
    await http(apiTokenEndpoints.contactApiTokens, tokens);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not taken once older than their age, nor when they were not a 200', async () => {
    const { createHttp, primeRead, PRIMED_READ_MAX_AGE_MS } = fresh();
    const fetch = network([]);
    const http = createHttp({ fetch });
    primeRead(PATH, { status: 200, body: [], etag: null, seq: null }, Date.now() - PRIMED_READ_MAX_AGE_MS - 1);
    await http(apiTokenEndpoints.contactApiTokens, tokens);
    expect(fetch).toHaveBeenCalledTimes(1);

    primeRead(PATH, { status: 403, body: { error: 'No.' }, etag: null, seq: null });
    await expect(http(apiTokenEndpoints.contactApiTokens, tokens)).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('prefetch a path once while fresh, and the page read takes that answer', async () => {
    const { createHttp, prefetchRead } = fresh();
    const ahead = network([], { etag: '"v1"' });
    prefetchRead(PATH, { fetch: ahead });
    prefetchRead(PATH, { fetch: ahead });
    expect(ahead).toHaveBeenCalledTimes(1);
    expect(ahead.mock.calls[0]![0]).toBe(`/api${PATH}`);

    const fetch = network([{ never: 'read' }]);
    await expect(createHttp({ fetch })(apiTokenEndpoints.contactApiTokens, tokens)).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fall back to the network when the prefetch failed', async () => {
    const { createHttp, prefetchRead } = fresh();
    prefetchRead(PATH, { fetch: jest.fn(async () => Promise.reject(new TypeError('offline'))) });
    const fetch = network([]);
    await expect(createHttp({ fetch })(apiTokenEndpoints.contactApiTokens, tokens)).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
