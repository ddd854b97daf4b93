import path from 'node:path';
import { resolveConfig } from './config';
import { ConfigurationError } from './config-environment';

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

test('every bad variable is named at once, each with its reason, in one error', () => {
  const bad = { LOG_LEVEL: 'loud', POLL_ETAG_MS: 'later', MAIL_IN_URL: 'http://mail.example' };
  expect(() => resolveConfig({}, bad)).toThrow(ConfigurationError);
  expect(() => resolveConfig({}, bad)).toThrow(expect.objectContaining({
    problems: [
      'LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
      'MAIL_IN_URL: expected imap://user:password@host:143/INBOX or imaps://user:password@host:993/INBOX',
      'POLL_ETAG_MS: expected whole milliseconds from 0 to 3600000, not "later"',
    ],
    message: expect.stringMatching(/^3 settings stop the start:\n {2}LOG_LEVEL: .*\n {2}MAIL_IN_URL: .*\n {2}POLL_ETAG_MS: /),
  }));
});

test('two bad variables, one of them a rule between two (ATTACHMENT_STORE=database on SQLite): both in one error', () => {
  expect(() => resolveConfig({}, { ATTACHMENT_STORE: 'database', ALLOWED_ORIGINS: 'localhost:3000x' }))
    .toThrow(/ALLOWED_ORIGINS: "localhost:3000x" is not an origin[^\n]*\n {2}ATTACHMENT_STORE=database needs PostgreSQL/);
});

test('counts and limits that are not positive numbers are ignored, as they always were: the default applies', () => {
  const config = resolveConfig({}, { LOGIN_RATE_LIMIT_MAX: 'ten', JOB_POLL_MS: '0', SESSION_CACHE_MS: ' ', POLL_CACHE_ENTRIES: '-5' });
  expect(config.loginRateLimit.max).toBe(10);
  expect(config.jobPollMs).toBe(1000);
  expect(config.sessionCacheMs).toBe(5000);
  expect(config.pollCacheEntries).toBe(20_000);
});

test('mail in senders: checked by default with nothing to verify with; the trusted authserv-ids, DKIM, plaintext IMAP; off never in production', () => {
  expect(resolveConfig({}, {})).toMatchObject({ mailInSenderCheck: { on: true, trustedAuthserv: [], verifyDkim: false }, mailInAllowPlaintext: false });
  expect(resolveConfig({}, {
    MAIL_IN_TRUSTED_AUTHSERV: ' MX.Example.com, mx.google.com ,', MAIL_IN_VERIFY_DKIM: '1', MAIL_IN_ALLOW_PLAINTEXT: 'true', MAIL_IN_SENDER_CHECK: 'ON',
  })).toMatchObject({ mailInSenderCheck: { on: true, trustedAuthserv: ['mx.example.com', 'mx.google.com'], verifyDkim: true }, mailInAllowPlaintext: true });
  expect(resolveConfig({}, { MAIL_IN_SENDER_CHECK: 'off' }).mailInSenderCheck.on).toBe(false);
  expect(() => resolveConfig({}, { MAIL_IN_SENDER_CHECK: 'maybe' })).toThrow(/MAIL_IN_SENDER_CHECK: expected "on" or "off"/);
  expect(() => resolveConfig({}, { MAIL_IN_SENDER_CHECK: 'off', NODE_ENV: 'production' })).toThrow(/MAIL_IN_SENDER_CHECK: "off" .* development only/);
});
