import { ATTACHMENT_MAX_BYTES_DEFAULT, LIVE_HEARTBEAT_MS, isValidTimeZone } from '@portal/domain';
import { z } from 'zod';
import { isPostgresUrl } from './db/connect';
import { LOG_FORMATS } from './plugins/logging';
import { trustProxySetting } from './trust-proxy';

// The environment the API reads, as one zod schema: each variable with its default and what it accepts. A variable
// that would stop the start is reported with every other one at once (ConfigurationError), each by its name; the
// counts and limits keep their old leniency (a value that is not a positive number is ignored and the default
// applies), which operators rely on.

/**
 * POLL_CACHE_MS (docs/architecture.md#answers-from-memory): 30 s by default. Published changes drop an answer at once
 * (every write that changes a polled answer publishes one, contacts' names and pay rates included), so this is only the
 * safety net for a write that would not; at 5 s the screens polling every 5 s (a ticket, an agent's lists) were computed
 * again at nearly every poll, and the portal held half as many polling users (docs/performance.md#running-the-benchmarks).
 */
export const POLL_CACHE_MS_DEFAULT = 30_000;
export const POLL_CACHE_MS_MAX = 30_000;
export const POLL_CACHE_ENTRIES_DEFAULT = 20_000;

/**
 * POLL_ETAG_MS (docs/architecture.md#answers-from-memory): 10 min by default. Past POLL_CACHE_MS (or POLL_CACHE_ENTRIES)
 * an answer's body goes but its ETag stays, dropped by the same changes: a tab that already holds the answer (the 30 s
 * safety-net poll of every signed-in screen) gets 304 from memory. This bounds, for a tab that holds an answer, how long
 * a write that would publish nothing could go unseen; at 30 s every safety-net poll was computed again.
 */
export const POLL_ETAG_MS_DEFAULT = 600_000;
export const POLL_ETAG_MS_MAX = 3_600_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The start stops on these: one line per bad variable, `NAME: what is wrong`, all of them at once. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.length === 1 ? problems[0] : `${problems.length} settings stop the start:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Trimmed; unset or blank is undefined. */
const trimmed = z.preprocess(blankAsUnset, z.string().trim().optional());

/** A positive number; anything else (unset, blank, text, 0 or less) is ignored and the default applies. */
const positiveOr = (fallback: number) => z.coerce.number().positive().catch(fallback);

/** Like positiveOr, but 0 is a value (it switches something off). */
const nonNegativeOr = (fallback: number) => z.preprocess(blankAsUnset, z.coerce.number().nonnegative()).catch(fallback);

/** Whole milliseconds from 0 to `max` (0 is off), as text or, from the options, a number; anything else stops the start. */
const wholeMsUpTo = (max: number, fallback: number) =>
  z.preprocess(
    blankAsUnset,
    z.union([z.number(), z.string()])
      .refine((value) => {
        const ms = Number(typeof value === 'string' ? value.trim() : value);
        return Number.isInteger(ms) && ms >= 0 && ms <= max;
      }, { error: (issue) => `expected whole milliseconds from 0 to ${max}, not "${String(issue.input)}"` })
      .transform(Number)
      .default(fallback),
  );

/** Each comma-separated entry kept as its origin ('http://localhost:3000'). */
const origins = z.string().default('').transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean)).pipe(
  z.array(
    z.url({ protocol: /^https?$/, error: (issue) => `"${String(issue.input)}" is not an origin such as http://localhost:3000` })
      .transform((entry) => new URL(entry).origin),
  ),
);

const environmentSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  SEED_DEMO: z.string().optional().transform((value) => value === undefined || !['0', 'false', 'no'].includes(value.toLowerCase())),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(LOG_LEVELS, { error: (issue) => `"${String(issue.input)}" is not one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(LOG_FORMATS, { error: (issue) => `expected "json" or "pretty", not "${String(issue.input)}"` }).optional(),
  ),
  ALLOWED_ORIGINS: origins,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Support Portal <support@portal.local>'),
  MAIL_IN_URL: z.preprocess(
    blankAsUnset,
    z.url({
      protocol: /^imaps?$/,
      hostname: /./,
      error: 'expected imap://user:password@host:143/INBOX or imaps://user:password@host:993/INBOX',
    }).optional(),
  ),
  MAIL_IN_POLL_MS: positiveOr(30_000),
  // docs/operations.md#who-sent-a-mail: whose verdict on a mail's sender is believed.
  MAIL_IN_SENDER_CHECK: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(['on', 'off'], { error: (issue) => `expected "on" or "off", not "${String(issue.input)}"` }).default('on'),
  ),
  MAIL_IN_TRUSTED_AUTHSERV: z.string().default('').transform((list) => list.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
  MAIL_IN_VERIFY_DKIM: z.string().optional().transform((value) => ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase())),
  MAIL_IN_ALLOW_PLAINTEXT: z.string().optional().transform((value) => ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase())),
  MAIL_REPLY_TO: trimmed,
  LOGIN_RATE_LIMIT_MAX: positiveOr(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: positiveOr(60_000),
  PUBLIC_RATE_LIMIT_MAX: positiveOr(30),
  PUBLIC_RATE_LIMIT_WINDOW_MS: positiveOr(60_000),
  API_TOKEN_RATE_LIMIT_MAX: positiveOr(300),
  REGISTER_RATE_LIMIT_MAX: positiveOr(5),
  REGISTER_RATE_LIMIT_WINDOW_MS: positiveOr(3_600_000),
  FORGOT_RATE_LIMIT_MAX: positiveOr(5),
  FORGOT_RATE_LIMIT_WINDOW_MS: positiveOr(3_600_000),
  // A tab sends a check every 30 s (more with over 100 keys) and a watch list when its screen changes:
  // far below these, even with many tabs. They bound what a script can make a process do.
  LIVE_CHECK_RATE_LIMIT_MAX: positiveOr(240),
  LIVE_WATCH_RATE_LIMIT_MAX: positiveOr(600),
  SESSION_IDLE_HOURS: positiveOr(12),
  // 5 s: a polling tab sends a few requests a second (notifications, tasks and attachments every second), so
  // nearly all of them skip the session read, while a change the transport failed to bring (none is expected:
  // a lost PostgreSQL listener resyncs) or a write made outside the API (a script on the database) counts for
  // seconds at most.
  SESSION_CACHE_MS: nonNegativeOr(5000),
  ATTACHMENT_MAX_BYTES: positiveOr(ATTACHMENT_MAX_BYTES_DEFAULT),
  ATTACHMENT_STORE: z.preprocess(
    blankAsUnset,
    z.enum(['files', 'database'], { error: (issue) => `expected "files" or "database", not "${String(issue.input)}"` }).default('files'),
  ),
  DEFAULT_TIME_ZONE: z.string().refine(isValidTimeZone).catch('UTC'),
  KICKOFF_URL: trimmed,
  SUPPORT_EMAIL: trimmed.transform((value) => value ?? 'support@portal.local'),
  AI_BASE_URL: z.string().optional().transform((value) => value?.replace(/\/+$/, '') || undefined),
  AI_API_KEY: z.string().optional().transform((value) => value || undefined),
  AI_TASK_MODEL: z.string().default('gpt-4o-mini'),
  AI_INVOICE_MODEL: z.string().default('gpt-4o'),
  AI_TIMEOUT_MS: positiveOr(20_000),
  ACCOUNTING_URL: trimmed,
  ACCOUNTING_TOKEN: trimmed,
  ACCOUNTING_BUSINESS_ID: trimmed,
  ACCOUNTING_TIMEOUT_MS: positiveOr(15_000),
  PROVIDER_NAME: trimmed.transform((value) => value ?? 'Web Agency Support'),
  JOB_POLL_MS: positiveOr(1000),
  SLA_CHECK_MS: positiveOr(60_000),
  // Canary releases (docs/deploying-a-remote.md#canary-releases): how often the job runner judges the canaries, and the
  // loads each version needs before a verdict; whole numbers within bounds, else the default.
  CANARY_CHECK_MS: z.coerce.number().int().min(1000).max(600_000).catch(15_000),
  CANARY_MIN_LOADS: z.coerce.number().int().min(1).max(1_000_000).catch(50),
  // Hosts a webhook may reach although they resolve to a private address (docs/product/integrations.md#addresses-a-webhook-may-reach).
  WEBHOOK_ALLOWED_HOSTS: z.string().default('').transform((list) => list.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
  ADMIN_EMAIL: trimmed.transform((value) => value?.toLowerCase()),
  LIVE_HEARTBEAT_MS: positiveOr(LIVE_HEARTBEAT_MS),
  POLL_CACHE_MS: wholeMsUpTo(POLL_CACHE_MS_MAX, POLL_CACHE_MS_DEFAULT),
  POLL_CACHE_ENTRIES: positiveOr(POLL_CACHE_ENTRIES_DEFAULT),
  POLL_ETAG_MS: wholeMsUpTo(POLL_ETAG_MS_MAX, POLL_ETAG_MS_DEFAULT),
  METRICS_TOKEN: trimmed,
  SECRETS_KEY: trimmed,
  TRUST_PROXY: trustProxySetting,
}).refine((settings) => settings.MAIL_IN_SENDER_CHECK === 'on' || settings.NODE_ENV !== 'production', {
  message: 'MAIL_IN_SENDER_CHECK: "off" believes any From header, for a local mailbox in development only; not under NODE_ENV=production',
  when: () => true,
}).refine((settings) => settings.ATTACHMENT_STORE !== 'database' || isPostgresUrl(settings.DATABASE_URL), {
  message: 'ATTACHMENT_STORE=database needs PostgreSQL (DATABASE_URL=postgres://…); on SQLite attachments stay in DATA_DIR/uploads',
  // Checked even when another variable is bad, so that the start names every problem at once.
  when: () => true,
});

export type Environment = z.output<typeof environmentSchema>;

/** Each problem as `NAME: what is wrong` (a problem of several variables carries their names itself), each once. */
function problemsOf(error: z.ZodError): string[] {
  const lines = error.issues.map((issue) => (issue.path.length === 0 ? issue.message : `${String(issue.path[0])}: ${issue.message}`));
  return [...new Set(lines)];
}

/**
 * The environment (with what the caller's options set in its place, under the variable's name) read through the
 * schema; throws one ConfigurationError naming every bad variable.
 */
export function parseEnvironment(given: Record<string, unknown>): Environment {
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) throw new ConfigurationError(problemsOf(parsed.error));
  return parsed.data;
}
