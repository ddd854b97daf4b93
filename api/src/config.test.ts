import path from 'node:path';
import { resolveConfig } from './config';

test('defaults: SQLite in <repo>/data, demo seeding on, 10 logins a minute, insecure cookie on http', () => {
  const config = resolveConfig({}, {});
  expect(config.databaseUrl).toBeUndefined();
  expect(path.basename(config.dataDir)).toBe('data');
  expect(config.seedDemo).toBe(true);
  expect(config.loginRateLimit).toEqual({ max: 10, timeWindowMs: 60_000 });
  expect(config.publicRateLimit).toEqual({ max: 30, timeWindowMs: 60_000 });
  expect(config.secureCookies).toBe(false);
  expect(config.sessionDays).toBe(14);
});

test('environment: DATABASE_URL, PUBLIC_URL over https makes the cookie Secure, limits are configurable', () => {
  const config = resolveConfig({}, {
    DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://portal.example/', LOGIN_RATE_LIMIT_MAX: '3', SEED_DEMO: 'false',
    PUBLIC_RATE_LIMIT_MAX: '5', PUBLIC_RATE_LIMIT_WINDOW_MS: '1000',
  });
  expect(config.databaseUrl).toBe('postgres://u@h/db');
  expect(config.publicUrl).toBe('https://portal.example');
  expect(config.secureCookies).toBe(true);
  expect(config.loginRateLimit.max).toBe(3);
  expect(config.publicRateLimit).toEqual({ max: 5, timeWindowMs: 1000 });
  expect(config.seedDemo).toBe(false);
});

test('production never seeds the demo, whatever the options say', () => {
  expect(resolveConfig({ seedDemo: true }, { NODE_ENV: 'production' }).seedDemo).toBe(false);
});

test('ticket work settings: attachment limit (25 MB default), uploads under the data folder, time zone, AI service', () => {
  const defaults = resolveConfig({ dataDir: '/tmp/portal-x' }, {});
  expect(defaults.attachmentMaxBytes).toBe(25 * 1024 * 1024);
  expect(defaults.uploadsDir).toBe(path.join('/tmp/portal-x', 'uploads'));
  expect(defaults.defaultTimeZone).toBe('UTC');
  expect(defaults.ai).toMatchObject({ baseUrl: undefined, apiKey: undefined, taskModel: 'gpt-4o-mini', timeoutMs: 20_000 });
  const set = resolveConfig({}, {
    ATTACHMENT_MAX_BYTES: '1048576', DEFAULT_TIME_ZONE: 'America/Chicago', AI_BASE_URL: 'https://ai.example/v1/', AI_API_KEY: 'k', AI_TASK_MODEL: 'm',
  });
  expect(set.attachmentMaxBytes).toBe(1_048_576);
  expect(set.defaultTimeZone).toBe('America/Chicago');
  expect(set.ai).toMatchObject({ baseUrl: 'https://ai.example/v1', apiKey: 'k', taskModel: 'm' });
  expect(resolveConfig({}, { DEFAULT_TIME_ZONE: 'Mars/Base' }).defaultTimeZone).toBe('UTC');
});

test('sessions end after 12 idle hours unless SESSION_IDLE_HOURS says otherwise', () => {
  expect(resolveConfig({}, {}).sessionIdleHours).toBe(12);
  expect(resolveConfig({}, { SESSION_IDLE_HOURS: '0.5' }).sessionIdleHours).toBe(0.5);
  expect(resolveConfig({ sessionIdleHours: 3 }, { SESSION_IDLE_HOURS: '8' }).sessionIdleHours).toBe(3);
});

test('ALLOWED_ORIGINS: comma-separated, each kept as its origin; the options add theirs; a non-URL stops the start', () => {
  expect(resolveConfig({}, {}).allowedOrigins).toEqual([]);
  expect(resolveConfig({ allowedOrigins: ['http://localhost:3001/'] }, { ALLOWED_ORIGINS: ' http://localhost:3000 , https://Dev.Example/path,' }).allowedOrigins)
    .toEqual(['http://localhost:3001', 'http://localhost:3000', 'https://dev.example']);
  expect(() => resolveConfig({}, { ALLOWED_ORIGINS: 'localhost:3000x' })).toThrow(/ALLOWED_ORIGINS: "localhost:3000x"/);
});
