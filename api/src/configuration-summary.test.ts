import { resolveConfig } from './config';
import { configurationSummary } from './configuration-summary';

const lineOf = (block: string, name: string) => block.split('\n').find((line) => line.trimStart().startsWith(`${name} `))?.trim();

test('with nothing set, every optional service says it is not set and what that means', () => {
  const block = configurationSummary(resolveConfig({ dataDir: '/srv/portal' }, {}), { workers: 1 });
  expect(block.split('\n')[0]).toBe('Configuration:');
  expect(lineOf(block, 'database')).toBe('database       SQLite /srv/portal/portal.db');
  expect(lineOf(block, 'workers')).toBe('workers        1 API process');
  expect(lineOf(block, 'SMTP')).toMatch(/^SMTP +not set: mail waits in the outbox/);
  expect(lineOf(block, 'mail in')).toMatch(/not set \(MAIL_IN_URL\): no mail is read$/);
  expect(lineOf(block, 'AI')).toMatch(/not set \(AI_BASE_URL\)/);
  expect(lineOf(block, 'accounting')).toMatch(/not set \(ACCOUNTING_URL\)/);
  expect(lineOf(block, 'metrics token')).toMatch(/not set: GET \/metrics from loopback only$/);
  expect(lineOf(block, 'logs')).toMatch(/^logs +info/);
});

test('what is set is named by its host, and no password, key or token is ever printed', () => {
  const env = {
    DATABASE_URL: 'postgres://portal:pg-Secret1@db.internal:5432/portal',
    SMTP_URL: 'smtps://mailer:smtp-Secret2@smtp.example.com:465',
    MAIL_IN_URL: 'imaps://support%40example.com:imap-Secret3@imap.example.com:993/Support',
    AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-ai-Secret4',
    ACCOUNTING_URL: 'https://gql.waveapps.com/graphql/public', ACCOUNTING_TOKEN: 'acct-Secret5',
    METRICS_TOKEN: 'metrics-Secret6',
    LOG_LEVEL: 'debug', LOG_FORMAT: 'json',
  };
  const block = configurationSummary(resolveConfig({ dataDir: '/srv/portal' }, env), { workers: 4 });
  expect(lineOf(block, 'database')).toMatch(/PostgreSQL db\.internal:5432\/portal, user portal$/);
  expect(lineOf(block, 'workers')).toMatch(/4 API processes$/);
  expect(lineOf(block, 'SMTP')).toMatch(/set \(smtp\.example\.com:465\)/);
  expect(lineOf(block, 'mail in')).toMatch(/set \(imap\.example\.com:993, mailbox Support\)$/);
  expect(lineOf(block, 'AI')).toMatch(/set \(api\.openai\.com, models gpt-4o-mini and gpt-4o\)$/);
  expect(lineOf(block, 'accounting')).toMatch(/set \(gql\.waveapps\.com\)$/);
  expect(lineOf(block, 'metrics token')).toMatch(/^metrics token +set/);
  expect(lineOf(block, 'logs')).toMatch(/debug, JSON/);
  for (const secret of ['Secret', 'mailer', 'support%40example.com', 'support@example.com']) expect(block).not.toContain(secret);
});

test('the logs line says how the lines read: LOG_FORMAT when set', () => {
  expect(lineOf(configurationSummary(resolveConfig({}, { LOG_FORMAT: 'pretty' }), { workers: 1 }), 'logs')).toBe('logs           info, pretty (LOG_LEVEL, LOG_FORMAT)');
  expect(lineOf(configurationSummary(resolveConfig({}, { LOG_FORMAT: 'json' }), { workers: 1 }), 'logs')).toBe('logs           info, JSON (LOG_LEVEL, LOG_FORMAT)');
});
