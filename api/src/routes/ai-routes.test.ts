import { MESSAGES } from '@portal/domain';
import { completion, startFakeChatService, type ChatHandler, type FakeChatService } from '../test-support/fake-chat-service';
import { createTestApp, type TestApp } from '../test-support/test-app';

// A real OpenAI-compatible service on a random loopback port: the API's own HTTP client is tested.
let fake: FakeChatService;
let seen: FakeChatService['seen'];
const waits: number[] = [];
let handler: ChatHandler;

let t: TestApp;
let unconfigured: TestApp;
let agent: string;

beforeAll(async () => {
  fake = await startFakeChatService();
  seen = fake.seen;
  fake.answer((request, response) => handler(request, response));
  t = await createTestApp({
    ai: { baseUrl: fake.baseUrl, apiKey: 'test-key', taskModel: 'small-model', timeoutMs: 500, sleep: async (ms) => void waits.push(ms) },
  });
  unconfigured = await createTestApp({ ai: { baseUrl: '', apiKey: '' } });
  agent = await t.login('agent@demo.test');
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

const ask = (app: TestApp, cookie: string, payload: object = { title: 'Add a careers page', description: 'With a form' }) =>
  app.app.inject({ method: 'POST', url: '/api/ai/tasks', payload, headers: { cookie } });

test('answers the task strings; sends the lower-tier model, 150 tokens and the key', async () => {
  handler = (_request, response) => response.end(completion('["Draft the page", "Add the form", "Test on mobile"]'));
  const res = await ask(t, agent);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ tasks: ['Draft the page', 'Add the form', 'Test on mobile'] });
  expect(seen).toHaveLength(1);
  expect(seen[0]!.authorization).toBe('Bearer test-key');
  expect(seen[0]!.body).toMatchObject({ model: 'small-model', max_tokens: 150 });
  expect(JSON.stringify(seen[0]!.body.messages)).toContain('Add a careers page');
});

test('retries a 429 up to three times, waiting retry-after seconds (2 s by default)', async () => {
  let calls = 0;
  handler = (_request, response) => {
    calls += 1;
    if (calls === 1) response.writeHead(429, { 'retry-after': '5' }).end();
    else if (calls < 4) response.writeHead(429).end();
    else response.end(completion('["Done"]'));
  };
  const res = await ask(t, agent);
  expect(res.json()).toEqual({ tasks: ['Done'] });
  expect(waits).toEqual([5000, 2000, 2000]);
});

test('still 429 after three retries: 503 busy', async () => {
  handler = (_request, response) => response.writeHead(429, { 'retry-after': '1' }).end();
  const res = await ask(t, agent);
  expect(res.json()).toEqual({ statusCode: 503, error: MESSAGES.aiServiceBusy });
  expect(seen).toHaveLength(4);
});

test.each([
  ['prose', 'Sure! Here are tasks: 1. do it'],
  ['an object', '{"tasks": ["a"]}'],
  ['numbers', '[1, 2]'],
])('%s instead of an array of strings: 502 with the catalogue message', async (_name, content) => {
  handler = (_request, response) => response.end(completion(content));
  expect((await ask(t, agent)).json()).toEqual({ statusCode: 502, error: MESSAGES.invalidTaskListFormat });
});

test('a fenced JSON array is accepted', async () => {
  handler = (_request, response) => response.end(completion('```json\n["One", "Two"]\n```'));
  expect((await ask(t, agent)).json()).toEqual({ tasks: ['One', 'Two'] });
});

test('a server error or a timeout: 502 without internals', async () => {
  handler = (_request, response) => response.writeHead(500).end('stack trace at /srv/secret');
  const failed = await ask(t, agent);
  expect(failed.json()).toEqual({ statusCode: 502, error: MESSAGES.aiServiceFailed });
  handler = () => undefined;
  const slow = await ask(t, agent);
  expect(slow.json()).toEqual({ statusCode: 502, error: MESSAGES.aiServiceFailed });
});

test('status says whether it is connected; unconfigured answers 503 not connected; clients may not ask', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: agent } })).json()).toEqual({ tasks: true, invoice_summary: true });
  const cookie = await unconfigured.login('agent@demo.test');
  expect((await unconfigured.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie } })).json()).toEqual({ tasks: false, invoice_summary: false });
  expect((await ask(unconfigured, cookie)).json()).toEqual({ statusCode: 503, error: MESSAGES.serviceNotConnected });
  expect((await ask(t, await t.login('client@demo.test'))).statusCode).toBe(403);
  expect((await ask(t, agent, { title: ' ' })).statusCode).toBe(400);
});
