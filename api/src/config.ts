import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvironment } from './config-environment';
import type { AttachmentStoreName } from './db/schema';
import type { AnswerPeers } from './plugins/answer-peers';
import type { EventTransport } from './plugins/event-transports';
import type { MailTransport } from './plugins/mail';
import { chooseLogFormat, type LogFormat } from './plugins/logging';
import { OWASP_ARGON2ID, TEST_ARGON2ID, type PasswordCost } from './password';
import type { MailInSenderCheck } from './services/mail-in/sender-verdict';
import type { TrustProxy } from './trust-proxy';
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
  /** Log with pino (docs/operations.md#logs); default off: `npm start` and the API's serve turn it on. */
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
  /** Requests per personal access token within the window (docs/product/integrations.md#api-tokens). */
  apiTokenRateLimit?: { max: number; timeWindowMs: number };
  /** Registrations per IP within the window (on top of publicRateLimit). */
  registerRateLimit?: { max: number; timeWindowMs: number };
  /** Forgot-password requests per e-mail address within the window (on top of publicRateLimit per IP). */
  forgotRateLimit?: { max: number; timeWindowMs: number };
  /** Live-stream watch lists and safety-net checks per signed-in person within the window, counted per process. */
  liveRateLimit?: LiveRateLimit;
  /** Hosts webhooks may reach although private, besides WEBHOOK_ALLOWED_HOSTS (tests: their receiver on 127.0.0.1). */
  webhookAllowedHosts?: string[];
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
  /** Whose verdict on a mail's sender is believed (MAIL_IN_SENDER_CHECK, MAIL_IN_TRUSTED_AUTHSERV, MAIL_IN_VERIFY_DKIM); tests set it here. */
  mailInSenderCheck?: Partial<MailInSenderCheck>;
  /** imap:// may go on without STARTTLS (MAIL_IN_ALLOW_PLAINTEXT=1: a local server only). */
  mailInAllowPlaintext?: boolean;
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
  /** Loads each version needs before a canary is judged (CANARY_MIN_LOADS); tests make it small. */
  canaryMinLoads?: number;
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
  /** How stdout's log lines read (LOG_FORMAT: json or pretty); default pretty on a terminal, else JSON. */
  logFormat: LogFormat;
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
  /** docs/operations.md#who-sent-a-mail: whose verdict on a mail's sender is believed; on and empty: every mail is held. */
  mailInSenderCheck: MailInSenderCheck;
  /** imap:// without STARTTLS is refused unless this is set (MAIL_IN_ALLOW_PLAINTEXT=1). */
  mailInAllowPlaintext: boolean;
  /** The Reply-To of mail about a ticket; undefined: none (replies go to MAIL_FROM). */
  mailReplyTo: string | undefined;
  loginRateLimit: { max: number; timeWindowMs: number };
  publicRateLimit: { max: number; timeWindowMs: number };
  apiTokenRateLimit: { max: number; timeWindowMs: number };
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
  /** Hosts webhooks may reach although private (WEBHOOK_ALLOWED_HOSTS, with the admins' "Allowed private hosts"). */
  webhookAllowedHosts: string[];
  clock: () => Date;
  runJobs: boolean;
  /** How often the job runner looks for due mail (JOB_POLL_MS, default 1000). */
  jobPollMs: number;
  /** How often the job runner checks open tickets for response-time warnings and breaches (SLA_CHECK_MS, default 60000). */
  slaCheckMs: number;
  /** How often the job runner judges the canaries (CANARY_CHECK_MS, default 15000; docs/deploying-a-remote.md#canary-releases). */
  canaryCheckMs: number;
  /** Loads each version needs before a canary is judged (CANARY_MIN_LOADS, default 50). */
  canaryMinLoads: number;
  adminEmail: string | null;
  liveHeartbeatMs: number;
  /** docs/architecture.md#answers-from-memory: the longest a polled answer is kept (0: the cache is off) and how many are kept. */
  pollCacheMs: number;
  pollCacheEntries: number;
  /** docs/architecture.md#answers-from-memory: how long a kept answer's ETag is honoured (at least pollCacheMs). */
  pollEtagMs: number;
  eventTransport: EventTransport | undefined;
  answerPeers: AnswerPeers | undefined;
  /** docs/operations.md#metrics-and-health: GET /metrics answers a caller off this machine only with this bearer token. */
  metricsToken: string | undefined;
  /** SECRETS_KEY as given (parsed and checked where secrets are sealed); undefined: DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  /** The cost of new password hashes (argon2id); an older, weaker hash (scrypt, or cheaper argon2id) is upgraded at sign-in. */
  passwordHash: PasswordCost;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* are believed (a hop count or their addresses); false: none. */
  trustProxy: TrustProxy;
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

/**
 * The environment under each variable's name, with what the options set in its place where the options are read the
 * same way (checked, trimmed); options that bypass the environment's rules are applied in resolveConfig.
 */
function givenSettings(options: PortalApiOptions, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const allowedOrigins = [options.allowedOrigins?.join(','), env.ALLOWED_ORIGINS].filter((list) => list !== undefined).join(',');
  const override = {
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: options.logLevel,
    MAIL_IN_URL: options.mailInUrl,
    ATTACHMENT_STORE: options.attachmentStore,
    AI_BASE_URL: options.ai?.baseUrl,
    ACCOUNTING_URL: options.accounting?.url,
    ACCOUNTING_TOKEN: options.accounting?.token,
    ACCOUNTING_BUSINESS_ID: options.accounting?.businessId,
    ADMIN_EMAIL: options.adminEmail,
    POLL_CACHE_MS: options.pollCacheMs,
    POLL_ETAG_MS: options.pollEtagMs,
    METRICS_TOKEN: options.metricsToken,
    SECRETS_KEY: options.secretsKey,
  };
  const set = Object.entries(override).filter(([, value]) => value !== undefined);
  return { ...env, ALLOWED_ORIGINS: allowedOrigins, ...Object.fromEntries(set) };
}

/** The configuration from the options and the environment (the options win); throws a ConfigurationError naming every bad variable. */
export function resolveConfig(options: PortalApiOptions = {}, env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const given = parseEnvironment(givenSettings(options, env));
  const production = given.NODE_ENV === 'production';
  const publicUrl = (options.publicUrl ?? given.PUBLIC_URL ?? `http://localhost:${given.PORT ?? 8080}`).replace(/\/+$/, '');
  const dataDir = path.resolve(options.dataDir ?? given.DATA_DIR ?? path.join(findRepoRoot(), 'data'));
  return {
    databaseUrl: given.DATABASE_URL,
    dataDir,
    seedDemo: !production && (options.seedDemo ?? given.SEED_DEMO),
    production,
    logger: options.logger ?? options.logStream !== undefined,
    logLevel: given.LOG_LEVEL,
    logFormat: chooseLogFormat(given.LOG_FORMAT, process.stdout.isTTY),
    logStream: options.logStream,
    publicUrl,
    allowedOrigins: given.ALLOWED_ORIGINS,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: options.smtpUrl ?? given.SMTP_URL,
    mailFrom: given.MAIL_FROM,
    mailInUrl: given.MAIL_IN_URL,
    mailInPollMs: options.mailInPollMs ?? given.MAIL_IN_POLL_MS,
    mailInSenderCheck: {
      on: given.MAIL_IN_SENDER_CHECK === 'on',
      trustedAuthserv: given.MAIL_IN_TRUSTED_AUTHSERV,
      verifyDkim: given.MAIL_IN_VERIFY_DKIM,
      ...options.mailInSenderCheck,
    },
    mailInAllowPlaintext: options.mailInAllowPlaintext ?? given.MAIL_IN_ALLOW_PLAINTEXT,
    mailReplyTo: options.mailReplyTo ?? given.MAIL_REPLY_TO,
    loginRateLimit: options.loginRateLimit ?? { max: given.LOGIN_RATE_LIMIT_MAX, timeWindowMs: given.LOGIN_RATE_LIMIT_WINDOW_MS },
    publicRateLimit: options.publicRateLimit ?? { max: given.PUBLIC_RATE_LIMIT_MAX, timeWindowMs: given.PUBLIC_RATE_LIMIT_WINDOW_MS },
    apiTokenRateLimit: options.apiTokenRateLimit ?? { max: given.API_TOKEN_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    registerRateLimit: options.registerRateLimit ?? { max: given.REGISTER_RATE_LIMIT_MAX, timeWindowMs: given.REGISTER_RATE_LIMIT_WINDOW_MS },
    forgotRateLimit: options.forgotRateLimit ?? { max: given.FORGOT_RATE_LIMIT_MAX, timeWindowMs: given.FORGOT_RATE_LIMIT_WINDOW_MS },
    liveRateLimit: options.liveRateLimit ?? { checks: given.LIVE_CHECK_RATE_LIMIT_MAX, watches: given.LIVE_WATCH_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    sessionDays: 14,
    sessionIdleHours: options.sessionIdleHours ?? given.SESSION_IDLE_HOURS,
    sessionCacheMs: options.sessionCacheMs ?? given.SESSION_CACHE_MS,
    attachmentMaxBytes: options.attachmentMaxBytes ?? given.ATTACHMENT_MAX_BYTES,
    uploadsDir: path.join(dataDir, 'uploads'),
    attachmentStore: given.ATTACHMENT_STORE,
    defaultTimeZone: given.DEFAULT_TIME_ZONE,
    kickoffUrl: given.KICKOFF_URL ?? null,
    supportEmail: given.SUPPORT_EMAIL,
    ai: {
      baseUrl: given.AI_BASE_URL,
      apiKey: options.ai?.apiKey ?? given.AI_API_KEY,
      taskModel: options.ai?.taskModel ?? given.AI_TASK_MODEL,
      invoiceModel: options.ai?.invoiceModel ?? given.AI_INVOICE_MODEL,
      timeoutMs: options.ai?.timeoutMs ?? given.AI_TIMEOUT_MS,
      sleep: options.ai?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    },
    accounting: {
      url: given.ACCOUNTING_URL,
      token: given.ACCOUNTING_TOKEN,
      businessId: given.ACCOUNTING_BUSINESS_ID,
      timeoutMs: options.accounting?.timeoutMs ?? given.ACCOUNTING_TIMEOUT_MS,
    },
    providerName: options.providerName ?? given.PROVIDER_NAME,
    webhookAllowedHosts: [...given.WEBHOOK_ALLOWED_HOSTS, ...(options.webhookAllowedHosts ?? [])],
    clock: options.clock ?? (() => new Date()),
    runJobs: options.runJobs ?? true,
    jobPollMs: given.JOB_POLL_MS,
    slaCheckMs: given.SLA_CHECK_MS,
    canaryCheckMs: given.CANARY_CHECK_MS,
    canaryMinLoads: options.canaryMinLoads ?? given.CANARY_MIN_LOADS,
    adminEmail: given.ADMIN_EMAIL ?? null,
    liveHeartbeatMs: options.liveHeartbeatMs ?? given.LIVE_HEARTBEAT_MS,
    pollCacheMs: given.POLL_CACHE_MS,
    pollCacheEntries: options.pollCacheEntries ?? given.POLL_CACHE_ENTRIES,
    pollEtagMs: given.POLL_ETAG_MS,
    eventTransport: options.eventTransport,
    answerPeers: options.answerPeers,
    metricsToken: given.METRICS_TOKEN,
    secretsKey: given.SECRETS_KEY,
    passwordHash: options.passwordHashCost === 'test' ? TEST_ARGON2ID : OWASP_ARGON2ID,
    trustProxy: given.TRUST_PROXY,
  };
}
