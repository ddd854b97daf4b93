import { createApiClient } from '@portal/api-client';
import { FIRST_READS_BLOCK_ID } from '@portal/contract/remotes';
import { primeReadsFromPage } from './first-reads';

// The server's data block (server/lib/first-reads.ts): the shell hands it to the API client, whose next read of
// each path answers from it.
afterEach(() => document.getElementById(FIRST_READS_BLOCK_ID)?.remove());

function block(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_READS_BLOCK_ID;
  script.textContent = text;
  document.head.append(script);
}

it("answers the page's first reads from the page's data block, without the network", async () => {
  block(JSON.stringify({ '/tags': { body: [{ id: 1, name: 'billing', usage_count: 2, date_created: '2026-12-01T10:00:00.000Z' }], etag: '"t1"', seq: '7' } }));
  primeReadsFromPage();
  const fetch = jest.fn(async () => new Response('[]', { status: 200 }));
  const client = createApiClient({ fetch });
  await expect(client.tags.list()).resolves.toEqual([expect.objectContaining({ name: 'billing' })]);
  expect(fetch).not.toHaveBeenCalled();
});

it('ignores a block that does not parse, and a page without one', async () => {
  block('{not json');
  expect(() => primeReadsFromPage()).not.toThrow();
  document.getElementById(FIRST_READS_BLOCK_ID)?.remove();
  expect(() => primeReadsFromPage()).not.toThrow();
  const fetch = jest.fn(async () => new Response('[]', { status: 200 }));
  await createApiClient({ fetch }).tags.list();
  expect(fetch).toHaveBeenCalledTimes(1);
});
