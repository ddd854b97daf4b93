import path from 'node:path';
import type { PortalConfig } from './config';
import { isPostgresUrl } from './db/connect';

// What `npm start` prints once before it serves (docs/operations.md#logs): every setting an operator would ask
// about, set or not, in one block. Hosts and names only: a password, key or token is never printed.

export interface SummaryFacts {
  /** API processes on this machine. */
  workers: number;
}

/** `host[:port]` of a URL, or null when it is not one. */
function hostOf(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.hostname ? url.host : null;
}

function database(config: PortalConfig): string {
  if (!isPostgresUrl(config.databaseUrl)) return `SQLite ${path.join(config.dataDir, 'portal.db')}`;
  const url = URL.canParse(config.databaseUrl) ? new URL(config.databaseUrl) : null;
  if (!url) return 'PostgreSQL (DATABASE_URL)';
  const name = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || '(default database)';
  const user = url.username ? `, user ${decodeURIComponent(url.username)}` : '';
  return `PostgreSQL ${url.host}/${name}${user}`;
}

function smtp(config: PortalConfig): string {
  if (!config.smtpUrl) return 'not set: mail waits in the outbox (mail_outbox, status pending) until SMTP_URL is set';
  return `set (${hostOf(config.smtpUrl) ?? 'host not readable'}), from ${config.mailFrom}`;
}

function mailIn(config: PortalConfig): string {
  if (!config.mailInUrl) return 'not set (MAIL_IN_URL): no mail is read';
  const url = new URL(config.mailInUrl);
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return `set (${url.host}, mailbox ${mailbox})`;
}

function ai(config: PortalConfig): string {
  const { baseUrl, apiKey, taskModel, invoiceModel } = config.ai;
  if (!baseUrl || !apiKey) return `not set (${!baseUrl ? 'AI_BASE_URL' : 'AI_API_KEY'}): the AI helper answers 503`;
  return `set (${hostOf(baseUrl) ?? 'host not readable'}, models ${taskModel} and ${invoiceModel})`;
}

function accounting(config: PortalConfig): string {
  const { url, token } = config.accounting;
  if (!url || !token) return `not set (${!url ? 'ACCOUNTING_URL' : 'ACCOUNTING_TOKEN'}): the invoices screen says it is not connected`;
  return `set (${hostOf(url) ?? 'host not readable'})`;
}

/** The configuration block, one line per setting. */
export function configurationSummary(config: PortalConfig, facts: SummaryFacts): string {
  const rows: [string, string][] = [
    ['database', database(config)],
    ['data folder', config.dataDir],
    ['workers', facts.workers === 1 ? '1 API process' : `${facts.workers} API processes`],
    ['public URL', config.publicUrl],
    ['SMTP', smtp(config)],
    ['mail in', mailIn(config)],
    ['AI', ai(config)],
    ['accounting', accounting(config)],
    ['metrics token', config.metricsToken ? 'set (GET /metrics with it, or from loopback)' : 'not set: GET /metrics from loopback only'],
    ['logs', `${config.logLevel}, ${config.logFormat === 'pretty' ? 'pretty' : 'JSON'} (LOG_LEVEL, LOG_FORMAT)`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return ['Configuration:', ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)].join('\n');
}
