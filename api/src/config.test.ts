import path from 'node:path';
import { resolveConfig } from './config';

test('defaults: SQLite in <repo>/data, demo seeding on, 10 logins a minute, insecure cookie on http', () => {
  const config = resolveConfig({}, {});
  expect(config.databaseUrl).toBeUndefined();
  expect(path.basename(config.dataDir)).toBe('data');
  expect(config.seedDemo).toBe(true);
  expect(config.loginRateLimit).toEqual({ max: 10, timeWindowMs: 60_000 });
  expect(config.secureCookies).toBe(false);
  expect(config.sessionDays).toBe(14);
});

test('environment: DATABASE_URL, PUBLIC_URL over https makes the cookie Secure, limits are configurable', () => {
  const config = resolveConfig({}, {
    DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://portal.example/', LOGIN_RATE_LIMIT_MAX: '3', SEED_DEMO: 'false',
  });
  expect(config.databaseUrl).toBe('postgres://u@h/db');
  expect(config.publicUrl).toBe('https://portal.example');
  expect(config.secureCookies).toBe(true);
  expect(config.loginRateLimit.max).toBe(3);
  expect(config.seedDemo).toBe(false);
});

test('production never seeds the demo, whatever the options say', () => {
  expect(resolveConfig({ seedDemo: true }, { NODE_ENV: 'production' }).seedDemo).toBe(false);
});
