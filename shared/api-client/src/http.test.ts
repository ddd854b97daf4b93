import { BAD_RESPONSE_MESSAGE } from './api-error';
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

    await expect(request('GET', '/auth/logout', (c) => c.okAnswer)).resolves.toEqual({ ok: true });
    expect(loadedContract()?.okAnswer).toBeDefined();
  });

  it('checks the answer against the schema picked out of the contract, and says so when it does not match', async () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(200, { deleted: 'many' }) });

    await expect(request('DELETE', '/activity/1', (c) => c.deletedAnswer)).rejects.toMatchObject({ status: 200, message: BAD_RESPONSE_MESSAGE });
  });

  it("reads an error's message with the contract's error body", async () => {
    const { createHttp } = freshHttp();
    const request = createHttp({ baseUrl: '/api', fetch: answer(404, { statusCode: 404, error: 'That ticket does not exist.' }) });

    await expect(request('GET', '/ticket/9', (c) => c.ticketDetail)).rejects.toMatchObject({ status: 404, message: 'That ticket does not exist.' });
  });
});
