import { resolveConfig } from '../config';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { captureLogs, LEVEL } from '../test-support/log-capture';
import { createTestApp, recordingTransport, sessionCookie, type TestApp } from '../test-support/test-app';
import { chooseLogFormat, createLogger, maskUrl } from './logging';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
const logs = captureLogs();
const smtp = recordingTransport();
beforeAll(async () => {
  // trace: whatever any level would write, no secret may be in it.
  t = await createTestApp({ logStream: logs.stream, logLevel: 'trace', mailTransport: smtp.transport });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => logs.clear());

describe('request ids', () => {
  test('a request without one gets a fresh id, returned in X-Request-Id and on each of its log lines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const mine = logs.lines().filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const other = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  test("an incoming X-Request-Id is kept: the answer and the log use the caller's id", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'lb-7f3a.19:2' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('lb-7f3a.19:2');
    expect(logs.lines().some((line) => line.reqId === 'lb-7f3a.19:2' && line.msg === 'request completed')).toBe(true);
  });

  test('a hostile X-Request-Id is replaced by a fresh one and never logged', async () => {
    for (const hostile of ['a'.repeat(129), '<script>alert(1)</script>', 'id" , "level":60', 'x y']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(logs.text()).not.toContain(hostile);
    }
  });
});

test('a 500 is logged at error level with its stack, under the request id; a 4xx is not an error', async () => {
  const cookie = await t.login('admin@demo.test');
  const original = t.app.repos.companies.listAll;
  t.app.repos.companies.listAll = async () => {
    throw new Error('disk on fire');
  };
  try {
    logs.clear();
    const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: { cookie, 'x-request-id': 'broken-1' } });
    expect(res.statusCode).toBe(500);
  } finally {
    t.app.repos.companies.listAll = original;
  }
  const failed = logs.lines().find((line) => line.level === LEVEL.error);
  expect(failed).toMatchObject({ reqId: 'broken-1', err: { message: 'disk on fire' } });
  expect(failed?.err?.stack).toContain('logging.test.ts');

  logs.clear();
  const bad = await t.app.inject({ method: 'GET', url: '/api/ticket/abc', headers: { cookie } });
  expect(bad.statusCode).toBe(400);
  expect(logs.lines().filter((line) => line.level >= LEVEL.error)).toEqual([]);
});

test("a sign-in's password, the session cookie and a reset code never reach the log", async () => {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'agent@demo.test', password: DEMO_PASSWORD } });
  expect(login.statusCode).toBe(200);
  const cookie = sessionCookie(login);
  const token = cookie.split('=')[1] ?? '';
  expect(token.length).toBeGreaterThan(10);
  await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'agent@demo.test', password: 'wrong-Secret-9' } });
  await t.app.inject({ method: 'GET', url: '/api/auth/reset/Rc0de4711xyz' });

  const text = logs.text();
  expect(text).toContain('/api/auth/login');
  expect(text).toContain('/api/auth/reset/[Redacted]');
  for (const secret of [DEMO_PASSWORD, 'wrong-Secret-9', token, 'Rc0de4711xyz']) expect(text).not.toContain(secret);
});

test('whatever object a line carries, secrets in it are redacted by name', () => {
  const logs = captureLogs();
  const log = createLogger({ level: 'info', stream: logs.stream });
  log.info({
    req: { headers: { cookie: 'portal_session=s3ssion', authorization: 'Bearer t0ken-a' } },
    res: { headers: { 'set-cookie': 'portal_session=s3ssion-new' } },
    body: { username: 'ann@acme.test', password: 'pw-1', newPassword: 'pw-2', currentPassword: 'pw-3', code: '654321', recoveryCode: 'rc-9', token: 'tk-8' },
    err: { code: 'ENOENT' },
  }, 'an object with secrets');
  const text = logs.text();
  for (const secret of ['s3ssion', 't0ken-a', 'pw-1', 'pw-2', 'pw-3', '654321', 'rc-9', 'tk-8']) expect(text).not.toContain(secret);
  // What is not a secret stays: the address, and an error's code.
  expect(logs.lines()[0]).toMatchObject({ body: { username: 'ann@acme.test' }, err: { code: 'ENOENT' } });
});

test('a logged URL keeps its route and loses its one-time code', () => {
  expect(maskUrl('/resetpassword/abc123?x=1')).toBe('/resetpassword/[Redacted]?x=1');
  expect(maskUrl('/api/auth/verify/ZZ9')).toBe('/api/auth/verify/[Redacted]');
  expect(maskUrl('/api/contact/unsubscribe/tok_1')).toBe('/api/contact/unsubscribe/[Redacted]');
  expect(maskUrl('/api/ticket?token=abc&page=2')).toBe('/api/ticket?token=[Redacted]&page=2');
  expect(maskUrl('/api/ticket/12')).toBe('/api/ticket/12');
});

test('LOG_LEVEL sets the level, info by default; an unknown level stops the start with its name', () => {
  expect(resolveConfig({}, {}).logLevel).toBe('info');
  expect(resolveConfig({}, { LOG_LEVEL: 'Debug' }).logLevel).toBe('debug');
  expect(() => resolveConfig({}, { LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent');
});

test('the lines read as text on a terminal and as JSON when piped; LOG_FORMAT chooses either way', () => {
  expect(chooseLogFormat(undefined, true)).toBe('pretty');
  expect(chooseLogFormat(undefined, false)).toBe('json');
  expect(chooseLogFormat(undefined, undefined)).toBe('json');
  expect(chooseLogFormat('json', true)).toBe('json');
  expect(chooseLogFormat('pretty', false)).toBe('pretty');
  expect(resolveConfig({}, { LOG_FORMAT: ' Pretty ' }).logFormat).toBe('pretty');
  expect(resolveConfig({}, { LOG_FORMAT: 'json' }).logFormat).toBe('json');
  expect(() => resolveConfig({}, { LOG_FORMAT: 'text' })).toThrow('LOG_FORMAT: expected "json" or "pretty", not "text"');
});

test('each mail sent is logged; a failed send says why and when it is tried again', async () => {
  const sent = await t.app.repos.mailOutbox.add(t.app.db, { to: 'admin@demo.test', subject: 'Sent', text: 'x' });
  await t.app.jobs.drain();
  expect(logs.lines()).toContainEqual(expect.objectContaining({ level: LEVEL.info, msg: 'mail sent', outbox_id: sent }));

  smtp.failing = true;
  const failed = await t.app.repos.mailOutbox.add(t.app.db, { to: 'admin@demo.test', subject: 'Fails', text: 'x' });
  await t.app.jobs.drain();
  smtp.reset();
  expect(logs.lines()).toContainEqual(expect.objectContaining({
    level: LEVEL.warn, msg: 'mail not sent; retry scheduled', outbox_id: failed, attempts: 1, reason: 'SMTP down', retry_at: expect.any(String),
  }));
});
