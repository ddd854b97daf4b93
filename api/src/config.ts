import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES_DEFAULT, LIVE_HEARTBEAT_MS, isValidTimeZone } from '@portal/domain';
import { isPostgresUrl } from './db/connect';
import type { AttachmentStoreName } from './db/schema';
import type { AnswerPeers } from './plugins/answer-peers';
import type { EventTransport } from './plugins/event-transports';
import type { MailTransport } from './plugins/mail';
import { OWASP_ARGON2ID, TEST_ARGON2ID, type PasswordCost } from './password';
import type { DestinationStream } from 'pino';

/** Calls per signed-in person within the window, in each process: POST /events/check and POST /events/watch. */
export interface LiveRateLimit {
  checks: number;
  watches: number;
  timeWindowMs: number;
}

/**
 * An OpenAI-compatible chat-completions service, called from the server only
 * (docs/decisions/0005-ai-and-accounting-on-the-server.md).
 */
export interface AiConfig {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  taskModel: string;
  /** The higher-tier model of the 40-word invoice message (AI_INVOICE_MODEL). */
  invoiceModel: string;
  timeoutMs: number;
  /** How long to wait before retrying a 429; tests make it short. */
  sleep: (ms: number) => Promise<void>;
}

/** The external accounting service (Wave-style GraphQL), called from the server only. */
export interface AccountingConfig {
  url: string | undefined;
  /** Sent as a bearer token; never to the browser. */
  token: string | undefined;
  /** The business whose customers are listed; unset: the first one the token sees. */
  businessId: string | undefined;
  timeoutMs: number;
}

export interface PortalApiOptions {
  /** postgres://… selects PostgreSQL; anything else (or nothing) uses SQLite in `dataDir`. */
  databaseUrl?: string;
  /** Where portal.db and uploads live; default `<repo>/data`. */
  dataDir?: string;
  /** Seed the demo on an empty database (never under NODE_ENV=production). Default true. */
  seedDemo?: boolean;
  /** Log with pino (README.md#logs); default off: `npm start` and the API's serve turn it on. */
  logger?: boolean;
  /** pino's level; default LOG_LEVEL, else info. */
  logLevel?: string;
  /** Where the log lines go, as JSON (a test captures them this way); turns the logger on. Default stdout. */
  logStream?: DestinationStream;
  /** What the job runner sends with instead of SMTP_URL's transport (tests record mail this way); null: none. */
  mailTransport?: MailTransport | null;
  /** The job runner's clock (digest periods, retry times); tests pass a fake one. */
  clock?: () => Date;
  /** Start the background job runner (default true); tests run it by hand with app.jobs.runOnce() / drain(). */
  runJobs?: boolean;
  /** The first admin to create on an empty production database (ADMIN_EMAIL). */
  adminEmail?: string;
  /** Sign-in attempts allowed per IP and username within the window. */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** Calls per IP within the window to each other public route (URL check, registration, forgot password). */
  publicRateLimit?: { max: number; timeWindowMs: number };
  /** Registrations per IP within the window (on top of publicRateLimit). */
  registerRateLimit?: { max: number; timeWindowMs: number };
  /** Forgot-password requests per e-mail address within the window (on top of publicRateLimit per IP). */
  forgotRateLimit?: { max: number; timeWindowMs: number };
  /** Live-stream watch lists and safety-net checks per signed-in person within the window, counted per process. */
  liveRateLimit?: LiveRateLimit;
  publicUrl?: string;
  /** Other origins whose pages may write to the API, besides ALLOWED_ORIGINS (comma-separated): the dev servers. */
  allowedOrigins?: string[];
  /** A session unused for longer than this ends (SESSION_IDLE_HOURS, default 12). */
  sessionIdleHours?: number;
  /** How long a process holds a session it read (SESSION_CACHE_MS, default 5000; 0: off). docs/architecture.md#sessions-in-memory */
  sessionCacheMs?: number;
  smtpUrl?: string;
  /** The support mailbox the job runner reads (MAIL_IN_URL: imap://user:password@host:143/INBOX, imaps://… for TLS); unset: no mail in. */
  mailInUrl?: string;
  /** How often the mailbox is read when the server offers no IDLE (MAIL_IN_POLL_MS, default 30 s). */
  mailInPollMs?: number;
  /** The Reply-To of every mail about a ticket (MAIL_REPLY_TO): the support mailbox's address. */
  mailReplyTo?: string;
  /** Largest accepted attachment; default ATTACHMENT_MAX_BYTES or 25 MB. */
  attachmentMaxBytes?: number;
  /** Where new attachments' bytes go (ATTACHMENT_STORE): 'files' (default, DATA_DIR/uploads) or 'database' (PostgreSQL only). */
  attachmentStore?: AttachmentStoreName;
  ai?: Partial<AiConfig>;
  accounting?: Partial<AccountingConfig>;
  /** The name on issued invoices (PROVIDER_NAME). */
  providerName?: string;
  /** The live stream's heartbeat (LIVE_HEARTBEAT_MS, default 15 s); the session is re-read every 4 beats. Tests make it short. */
  liveHeartbeatMs?: number;
  /** How long a polled read's answer may be kept in memory at most (POLL_CACHE_MS, default and at most 30 s; 0: off). */
  pollCacheMs?: number;
  /** How many answers each process keeps at most (POLL_CACHE_ENTRIES, default 20,000). */
  pollCacheEntries?: number;
  /** How long an answer's ETag still answers If-None-Match with 304 once its body is gone (POLL_ETAG_MS, default 10 min). */
  pollEtagMs?: number;
  /** How live events reach the other processes; default: chosen from the database and the cluster role. */
  eventTransport?: EventTransport;
  /** How the processes of this machine share the ETags they keep; default: the cluster's other workers, or none. */
  answerPeers?: AnswerPeers;
  /** The bearer token that opens GET /metrics to callers off this machine (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string;
  /**
   * The key TOTP secrets are encrypted with (SECRETS_KEY: 32 bytes, base64 or hex); unset: a key file made once in
   * DATA_DIR (docs/product/accounts-and-roles.md#account-security).
   */
  secretsKey?: string;
  /** New password hashes' cost: 'owasp' (the default, argon2id at OWASP's parameters) or 'test' (cheap: test apps only). */
  passwordHashCost?: 'owasp' | 'test';
}

export interface PortalConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  production: boolean;
  logger: boolean;
  logLevel: string;
  logStream: DestinationStream | undefined;
  publicUrl: string;
  /**
   * The origins besides PUBLIC_URL's and the request's own host whose pages may write
   * (docs/architecture.md#security), each normalised as `URL.origin` ('http://localhost:3000').
   */
  allowedOrigins: string[];
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** docs/product/notifications-and-mail.md#reading-the-mailbox: the mailbox read for mail in; undefined: not connected. */
  mailInUrl: string | undefined;
  mailInPollMs: number;
  /** The Reply-To of mail about a ticket; undefined: none (replies go to MAIL_FROM). */
  mailReplyTo: string | undefined;
  loginRateLimit: { max: number; timeWindowMs: number };
  publicRateLimit: { max: number; timeWindowMs: number };
  registerRateLimit: { max: number; timeWindowMs: number };
  forgotRateLimit: { max: number; timeWindowMs: number };
  liveRateLimit: LiveRateLimit;
  sessionDays: number;
  /** Idle limit: a session whose last use is older ends, within its sessionDays. */
  sessionIdleHours: number;
  /**
   * How long (ms) a process answers a session from memory (docs/architecture.md#sessions-in-memory); 0: every
   * request reads it. Revocation does not wait for it (a `session` change drops it everywhere at once).
   */
  sessionCacheMs: number;
  attachmentMaxBytes: number;
  /** Where uploaded files live: `<dataDir>/uploads`, never served as static files. */
  uploadsDir: string;
  /** Where new attachments' bytes are written (docs/product/tickets.md#where-attachments-are-kept); 'database' only on PostgreSQL. */
  attachmentStore: AttachmentStoreName;
  /** For server-side dates when the caller sends no zone (the default due date). */
  defaultTimeZone: string;
  /** The registration welcome step's link to schedule the kickoff meeting (KICKOFF_URL), if any. */
  kickoffUrl: string | null;
  /** Where the reset-code problem screen sends people for help (SUPPORT_EMAIL). */
  supportEmail: string;
  ai: AiConfig;
  accounting: AccountingConfig;
  /** Who issues the invoices (PROVIDER_NAME); its e-mail is supportEmail. */
  providerName: string;
  clock: () => Date;
  runJobs: boolean;
  /** How often the job runner looks for due mail (JOB_POLL_MS, default 1000). */
  jobPollMs: number;
  adminEmail: string | null;
  liveHeartbeatMs: number;
  /** docs/architecture.md#answers-from-memory: the longest a polled answer is kept (0: the cache is off) and how many are kept. */
  pollCacheMs: number;
  pollCacheEntries: number;
  /** docs/architecture.md#answers-from-memory: how long a kept answer's ETag is honoured (at least pollCacheMs). */
  pollEtagMs: number;
  eventTransport: EventTransport | undefined;
  answerPeers: AnswerPeers | undefined;
  /** README.md#metrics-and-health: GET /metrics answers a caller off this machine only with this bearer token. */
  metricsToken: string | undefined;
  /** SECRETS_KEY as given (parsed and checked where secrets are sealed); undefined: DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  /** The cost of new password hashes (argon2id); an older, weaker hash (scrypt, or cheaper argon2id) is upgraded at sign-in. */
  passwordHash: PasswordCost;
}

/** The workspace root (the package.json with `workspaces`), found from the working directory. */
export function findRepoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return dir;
      } catch {
        // an unreadable package.json is not the root: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

/** Like envNumber, but 0 is a value (it switches something off). */
function envNonNegative(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function envNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Each comma-separated entry as its origin; an entry that is not a URL stops the start with its name. */
function parseOrigins(list: string | undefined): string[] {
  return (list ?? '').split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin such as http://localhost:3000`);
    }
    return url.origin;
  });
}

/**
 * POLL_CACHE_MS (docs/architecture.md#answers-from-memory): 30 s by default. Published changes drop an answer at once
 * (every write that changes a polled answer publishes one, contacts' names and pay rates included), so this is only the
 * safety net for a write that would not; at 5 s the screens polling every 5 s (a ticket, an agent's lists) were computed
 * again at nearly every poll, and the portal held half as many polling users (README.md#benchmarks-and-measurements).
 */
export const POLL_CACHE_MS_DEFAULT = 30_000;
export const POLL_CACHE_MS_MAX = 30_000;
export const POLL_CACHE_ENTRIES_DEFAULT = 20_000;

/** Whole milliseconds from 0 to `max` (POLL_CACHE_MS: 0 is off); anything else stops the start with its name. */
function parseBoundedMs(name: string, value: number | string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(ms) || ms < 0 || ms > max) throw new Error(`${name}: expected whole milliseconds from 0 to ${max}, not "${value}"`);
  return ms;
}

/**
 * POLL_ETAG_MS (docs/architecture.md#answers-from-memory): 10 min by default. Past POLL_CACHE_MS (or POLL_CACHE_ENTRIES)
 * an answer's body goes but its ETag stays, dropped by the same changes: a tab that already holds the answer (the 30 s
 * safety-net poll of every signed-in screen) gets 304 from memory. This bounds, for a tab that holds an answer, how long
 * a write that would publish nothing could go unseen; at 30 s every safety-net poll was computed again.
 */
export const POLL_ETAG_MS_DEFAULT = 600_000;
export const POLL_ETAG_MS_MAX = 3_600_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL, default info; a level pino does not know stops the start with its name. */
function parseLogLevel(value: string | undefined): string {
  const level = value?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL: "${value}" is not one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** MAIL_IN_URL must be an imap: or imaps: URL; anything else stops the start with its name. */
function parseMailInUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== 'imap:' && url?.protocol !== 'imaps:' || !url.hostname) {
    throw new Error('MAIL_IN_URL: expected imap://user:password@host:143/INBOX or imaps://user:password@host:993/INBOX');
  }
  return value;
}

/** ATTACHMENT_STORE: 'files' (the default) or 'database', which needs PostgreSQL; anything else stops the start with its name. */
function parseAttachmentStore(value: string | undefined, databaseUrl: string | undefined): AttachmentStoreName {
  if (value === undefined || value === 'files') return 'files';
  if (value !== 'database') throw new Error(`ATTACHMENT_STORE: expected "files" or "database", not "${value}"`);
  if (!isPostgresUrl(databaseUrl)) {
    throw new Error('ATTACHMENT_STORE=database needs PostgreSQL (DATABASE_URL=postgres://…); on SQLite attachments stay in DATA_DIR/uploads');
  }
  return 'database';
}

export function resolveConfig(options: PortalApiOptions = {}, env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const production = env.NODE_ENV === 'production';
  const publicUrl = (options.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, '');
  const seedFromEnv = env.SEED_DEMO === undefined ? true : !['0', 'false', 'no'].includes(env.SEED_DEMO.toLowerCase());
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(findRepoRoot(), 'data'));
  const zone = env.DEFAULT_TIME_ZONE;
  return {
    databaseUrl: options.databaseUrl ?? env.DATABASE_URL,
    dataDir,
    seedDemo: !production && (options.seedDemo ?? seedFromEnv),
    production,
    logger: options.logger ?? options.logStream !== undefined,
    logLevel: parseLogLevel(options.logLevel ?? env.LOG_LEVEL),
    logStream: options.logStream,
    publicUrl,
    allowedOrigins: [...parseOrigins(options.allowedOrigins?.join(',')), ...parseOrigins(env.ALLOWED_ORIGINS)],
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: options.smtpUrl ?? env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Support Portal <support@portal.local>',
    mailInUrl: parseMailInUrl(options.mailInUrl ?? (env.MAIL_IN_URL?.trim() || undefined)),
    mailInPollMs: options.mailInPollMs ?? envNumber(env.MAIL_IN_POLL_MS, 30_000),
    mailReplyTo: options.mailReplyTo ?? (env.MAIL_REPLY_TO?.trim() || undefined),
    loginRateLimit: options.loginRateLimit ?? {
      max: envNumber(env.LOGIN_RATE_LIMIT_MAX, 10),
      timeWindowMs: envNumber(env.LOGIN_RATE_LIMIT_WINDOW_MS, 60_000),
    },
    publicRateLimit: options.publicRateLimit ?? {
      max: envNumber(env.PUBLIC_RATE_LIMIT_MAX, 30),
      timeWindowMs: envNumber(env.PUBLIC_RATE_LIMIT_WINDOW_MS, 60_000),
    },
    registerRateLimit: options.registerRateLimit ?? {
      max: envNumber(env.REGISTER_RATE_LIMIT_MAX, 5),
      timeWindowMs: envNumber(env.REGISTER_RATE_LIMIT_WINDOW_MS, 3_600_000),
    },
    forgotRateLimit: options.forgotRateLimit ?? {
      max: envNumber(env.FORGOT_RATE_LIMIT_MAX, 5),
      timeWindowMs: envNumber(env.FORGOT_RATE_LIMIT_WINDOW_MS, 3_600_000),
    },
    // A tab sends a check every 30 s (more with over 100 keys) and a watch list when its screen changes:
    // far below these, even with many tabs. They bound what a script can make a process do.
    liveRateLimit: options.liveRateLimit ?? {
      checks: envNumber(env.LIVE_CHECK_RATE_LIMIT_MAX, 240),
      watches: envNumber(env.LIVE_WATCH_RATE_LIMIT_MAX, 600),
      timeWindowMs: 60_000,
    },
    sessionDays: 14,
    sessionIdleHours: options.sessionIdleHours ?? envNumber(env.SESSION_IDLE_HOURS, 12),
    // 5 s: a polling tab sends a few requests a second (notifications, tasks and attachments every second), so
    // nearly all of them skip the session read, while a change the transport failed to bring (none is expected:
    // a lost PostgreSQL listener resyncs) or a write made outside the API (a script on the database) counts for
    // seconds at most.
    sessionCacheMs: options.sessionCacheMs ?? envNonNegative(env.SESSION_CACHE_MS, 5000),
    attachmentMaxBytes: options.attachmentMaxBytes ?? envNumber(env.ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_BYTES_DEFAULT),
    uploadsDir: path.join(dataDir, 'uploads'),
    attachmentStore: parseAttachmentStore(options.attachmentStore ?? (env.ATTACHMENT_STORE?.trim() || undefined), options.databaseUrl ?? env.DATABASE_URL),
    defaultTimeZone: zone && isValidTimeZone(zone) ? zone : 'UTC',
    kickoffUrl: env.KICKOFF_URL?.trim() || null,
    supportEmail: env.SUPPORT_EMAIL?.trim() || 'support@portal.local',
    ai: {
      baseUrl: (options.ai?.baseUrl ?? env.AI_BASE_URL)?.replace(/\/+$/, '') || undefined,
      apiKey: options.ai?.apiKey ?? (env.AI_API_KEY || undefined),
      taskModel: options.ai?.taskModel ?? env.AI_TASK_MODEL ?? 'gpt-4o-mini',
      invoiceModel: options.ai?.invoiceModel ?? env.AI_INVOICE_MODEL ?? 'gpt-4o',
      timeoutMs: options.ai?.timeoutMs ?? envNumber(env.AI_TIMEOUT_MS, 20_000),
      sleep: options.ai?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    },
    accounting: {
      url: (options.accounting?.url ?? env.ACCOUNTING_URL)?.trim() || undefined,
      token: (options.accounting?.token ?? env.ACCOUNTING_TOKEN)?.trim() || undefined,
      businessId: (options.accounting?.businessId ?? env.ACCOUNTING_BUSINESS_ID)?.trim() || undefined,
      timeoutMs: options.accounting?.timeoutMs ?? envNumber(env.ACCOUNTING_TIMEOUT_MS, 15_000),
    },
    providerName: options.providerName ?? (env.PROVIDER_NAME?.trim() || 'Web Agency Support'),
    clock: options.clock ?? (() => new Date()),
    runJobs: options.runJobs ?? true,
    jobPollMs: envNumber(env.JOB_POLL_MS, 1000),
    adminEmail: (options.adminEmail ?? env.ADMIN_EMAIL)?.trim().toLowerCase() || null,
    liveHeartbeatMs: options.liveHeartbeatMs ?? envNumber(env.LIVE_HEARTBEAT_MS, LIVE_HEARTBEAT_MS),
    pollCacheMs: parseBoundedMs('POLL_CACHE_MS', options.pollCacheMs ?? env.POLL_CACHE_MS, POLL_CACHE_MS_DEFAULT, POLL_CACHE_MS_MAX),
    pollCacheEntries: options.pollCacheEntries ?? envNumber(env.POLL_CACHE_ENTRIES, POLL_CACHE_ENTRIES_DEFAULT),
    pollEtagMs: parseBoundedMs('POLL_ETAG_MS', options.pollEtagMs ?? env.POLL_ETAG_MS, POLL_ETAG_MS_DEFAULT, POLL_ETAG_MS_MAX),
    eventTransport: options.eventTransport,
    answerPeers: options.answerPeers,
    metricsToken: (options.metricsToken ?? env.METRICS_TOKEN)?.trim() || undefined,
    secretsKey: (options.secretsKey ?? env.SECRETS_KEY)?.trim() || undefined,
    passwordHash: options.passwordHashCost === 'test' ? TEST_ARGON2ID : OWASP_ARGON2ID,
  };
}
