import type { ServerResponse } from 'node:http';
import { MESSAGES } from '@portal/domain';
import { completion, startFakeChatService, type FakeChatService } from '../test-support/fake-chat-service';
import { createTestApp, type TestApp } from '../test-support/test-app';

// POST /ai/invoice-summary through a real OpenAI-compatible fake: the 40-word invoice message from
// a company's month (the demo logs time on Acme every month), the higher-tier model, 150 tokens,
// and the 429 retries the task list has too (one chat call shared by both helpers).

let fake: FakeChatService;
let seen: FakeChatService['seen'];
let handler: (response: ServerResponse) => void;
const waits: number[] = [];
let t: TestApp;
let unconfigured: TestApp;
let admin: string;
let acme: number;

beforeAll(async () => {
  fake = await startFakeChatService();
  seen = fake.seen;
  fake.answer((_request, response) => handler(response));
  t = await createTestApp({ ai: { baseUrl: fake.baseUrl, apiKey: 'test-key', invoiceModel: 'big-model', timeoutMs: 500, sleep: async (ms) => void waits.push(ms) } });
  unconfigured = await createTestApp({ ai: { baseUrl: '', apiKey: '' } });
  admin = await t.login('admin@demo.test');
  acme = await t.companyId('Acme, LLC');
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fake.close();
});
beforeEach(() => {
  seen.length = 0;
  waits.length = 0;
});

const ask = (app: TestApp, cookie: string, payload: object = { company_id: acme, offset: 0 }) =>
  app.app.inject({ method: 'POST', url: '/api/ai/invoice-summary', payload, headers: { cookie } });

test("the summary from the month's tickets and notes: the higher-tier model, 150 tokens, about 40 words", async () => {
  handler = (response) => response.end(completion('  "This month we reviewed the site with you and built the new product gallery."  '));
  const res = await ask(t, admin);
  expect(res.json()).toEqual({ summary: 'This month we reviewed the site with you and built the new product gallery.' });
  expect(seen).toHaveLength(1);
  expect(seen[0]!.authorization).toBe('Bearer test-key');
  expect(seen[0]!.body).toMatchObject({ model: 'big-model', max_tokens: 150 });
  const prompt = seen[0]!.body.messages!.map((m) => m.content).join('\n');
  expect(prompt).toContain('about 40 words');
  expect(prompt).toContain('Monthly review meeting');
  expect(prompt).toContain('Gallery grid and lightbox');
  expect(prompt).toContain('Acme, LLC');
});

test('a 429 is retried after its retry-after (2 s by default), then the summary', async () => {
  let calls = 0;
  handler = (response) => {
    calls += 1;
    if (calls === 1) response.writeHead(429, { 'retry-after': '3' }).end();
    else if (calls === 2) response.writeHead(429).end();
    else response.end(completion('Done.'));
  };
  expect((await ask(t, admin)).json()).toEqual({ summary: 'Done.' });
  expect(waits).toEqual([3000, 2000]);
});

test('an empty answer, a failing service, no time in the month, a missing company', async () => {
  handler = (response) => response.end(completion('   '));
  expect((await ask(t, admin)).json()).toEqual({ statusCode: 502, error: MESSAGES.invalidInvoiceSummary });
  handler = (response) => response.writeHead(429, { 'retry-after': '1' }).end();
  expect((await ask(t, admin)).json()).toEqual({ statusCode: 503, error: MESSAGES.aiServiceBusy });
  expect(seen).toHaveLength(5);
  const idle = await t.app.repos.companies.create(t.app.db, { name: 'Idle Co', mode: 1 });
  expect((await ask(t, admin, { company_id: idle, offset: 0 })).json()).toEqual({ statusCode: 400, error: MESSAGES.invoiceNothingToBill });
  expect((await ask(t, admin, { company_id: 999_999, offset: 0 })).statusCode).toBe(404);
});

test('unconfigured: 503 not connected; admins only', async () => {
  const cookie = await unconfigured.login('admin@demo.test');
  expect((await ask(unconfigured, cookie)).json()).toEqual({ statusCode: 503, error: MESSAGES.serviceNotConnected });
  expect((await ask(t, await t.login('agent@demo.test'))).statusCode).toBe(403);
  expect((await ask(t, await t.login('client@demo.test'))).statusCode).toBe(403);
  expect(seen).toHaveLength(0);
});
