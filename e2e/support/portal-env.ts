import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The journeys run against their own started portal: its own port, database and deploy folder. */
export const portalPort = Number(process.env.E2E_PORT ?? 18181);
export const portalUrl = `http://127.0.0.1:${portalPort}`;
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portal-e2e-${portalPort}`);
/** Deployed builds survive between runs (rebuilding every app each run is slow); the database does not. */
export const e2eDeployDir = process.env.E2E_DEPLOY_DIR ?? join(tmpdir(), 'portal-e2e-deploy');

/** The journeys' SMTP capture server (support/mailbox.ts): the portal's SMTP_URL points at it. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18125);
/** Where the capture server writes each message it gets, as JSON, for the tests to read. */
export const e2eMailDir = process.env.E2E_MAIL_DIR ?? join(tmpdir(), `portal-e2e-mail-${smtpPort}`);

/**
 * The support mailbox the portal reads (mail in): a Dovecot the global setup starts on this port
 * (support/support-mailbox.ts). The portal starts first and connects once it is up.
 */
export const imapPort = Number(process.env.E2E_IMAP_PORT ?? 18143);
export const supportMailbox = { user: 'support', password: 'mail-in-secret', address: 'support@portal.test', authservId: 'mx.portal.test' } as const;

export const portalEnv: Record<string, string> = {
  PORT: String(portalPort),
  DATA_DIR: e2eDataDir,
  DEPLOY_DIR: e2eDeployDir,
  PUBLIC_URL: portalUrl,
  NODE_ENV: 'development',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_IN_URL: `imap://${supportMailbox.user}:${supportMailbox.password}@127.0.0.1:${imapPort}/INBOX`,
  MAIL_REPLY_TO: supportMailbox.address,
  // The journeys' Dovecot speaks IMAP without TLS on 127.0.0.1.
  MAIL_IN_ALLOW_PLAINTEXT: '1',
  // deliverToSupport writes the Authentication-Results a receiving server with this authserv-id would.
  MAIL_IN_TRUSTED_AUTHSERV: supportMailbox.authservId,
  // The journeys sign in many times from one address.
  LOGIN_RATE_LIMIT_MAX: '1000',
  // Response-time warnings within seconds of a ticket's 75 % (the default checks once a minute).
  SLA_CHECK_MS: '5000',
  // The webhook journey's receiver listens on 127.0.0.1, a loopback address webhooks may reach only when allowed.
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  // Canary releases judged every 3 s on 10 loads a version (the defaults: every 15 s, on 50), so the canary journey
  // sees a rollback and a promotion within a minute or two.
  CANARY_CHECK_MS: '3000',
  CANARY_MIN_LOADS: '10',
  // Two API processes, as on a 2-core machine: a journey's requests land on either.
  WORKERS: '2',
  // Warnings and errors only: at info every request is two lines in the run's output (E2E_LOG_LEVEL=info to see them).
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};

export const demoPassword = 'portal-demo';
export const demoUsers = {
  admin: 'admin@demo.test',
  agent: 'agent@demo.test',
  client: 'client@demo.test',
  /** Globex Corporation's primary contact. */
  client2: 'client2@demo.test',
  /** Acme's other contact: not its primary one. */
  dana: 'dana@acme.test',
} as const;
