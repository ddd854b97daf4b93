import { backoffDelay } from './backoff';
import { isAdmin } from './groups';
import { PRIORITY } from './lookups';
import type { Viewer } from './policy';

/**
 * Webhooks (docs/product/integrations.md#webhooks, docs/decisions/0021-webhooks-from-an-event-outbox.md): which
 * events an endpoint hears, when a failed delivery is tried again, what is signed, and what a chat message says.
 * The signing itself (HMAC) and the address check (DNS) are the API's; the rules are here.
 */

export const WEBHOOK_EVENT_TYPES = [
  'ticket.created', 'ticket.updated', 'ticket.status_changed', 'ticket.note_added', 'time.logged', 'invoice.issued', 'sla.breached',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The labels the Webhooks tab shows for the event types. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'ticket.created': 'Ticket created',
  'ticket.updated': 'Ticket updated',
  'ticket.status_changed': 'Status changed',
  'ticket.note_added': 'Note added',
  'time.logged': 'Time logged',
  'invoice.issued': 'Invoice issued',
  'sla.breached': 'SLA breached',
};

/** What the screens call an event type: its label, "Test" for the Send test button's event, the type itself otherwise. */
export const webhookEventLabel = (type: string): string =>
  type === 'webhook.test' ? 'Test' : ((WEBHOOK_EVENT_LABELS as Readonly<Record<string, string>>)[type] ?? type);

export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Readonly<Record<WebhookFormat, string>> = { json: 'JSON', slack: 'Slack', teams: 'Microsoft Teams' };

export const WEBHOOK_MESSAGES = {
  notFound: 'No such webhook.',
  deliveryNotFound: 'No such delivery.',
  badUrl: 'Enter an http or https URL.',
  noEvents: 'Choose at least one event.',
  refusedAddress: 'That address is private (loopback, link-local or internal): allow its host under "Allowed private hosts" first.',
  disabledAfterFailures: 'Disabled: its deliveries failed for 24 hours.',
  disabledNotice: (url: string) => `A webhook was disabled: its deliveries to ${url} failed for 24 hours.`,
  enabled: 'Enabled.',
} as const;

/** The signature header (docs/product/integrations.md#verifying-a-delivery). */
export const WEBHOOK_SIGNATURE_HEADER = 'Portal-Signature';

/** Retries wait 30 s, doubling, at most an hour, for 24 hours from the delivery's first attempt; then it has failed. */
export const WEBHOOK_RETRY: { baseMs: number; maxMs: number } = { baseMs: 30_000, maxMs: 60 * 60_000 };
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
/** An endpoint whose deliveries have failed this long without one success is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
/** Delivered events older than this are removed. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Each request's time limit. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The receiver's answer kept for the delivery log. */
export const WEBHOOK_ANSWER_MAX = 500;

/**
 * When a delivery that has now failed `attempts` times (1 after the first) is tried again, or null when its 24 hours
 * since `firstCreated` are over: it has failed.
 */
export function webhookRetryAt(attempts: number, firstCreated: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + backoffDelay(attempts, WEBHOOK_RETRY));
  return next.getTime() - firstCreated.getTime() > WEBHOOK_RETRY_FOR_MS ? null : next;
}

/** An endpoint's filters. */
export interface WebhookFilter {
  events: readonly string[];
  company_id: number | null;
  urgent_only: boolean;
  staff_only: boolean;
}

/** What a recorded event says of itself for matching. */
export interface WebhookEventFacts {
  type: string;
  company_id: number | null;
  urgent: boolean;
  internal: boolean;
}

/**
 * Whether an endpoint hears an event: one of its types, its company (or any), urgent tickets only when it asks, and an
 * internal note only when it is staff-only (internal notes never leave otherwise, docs/product/tickets.md#internal-notes).
 */
export function webhookMatches(webhook: WebhookFilter, event: WebhookEventFacts): boolean {
  if (!webhook.events.includes(event.type)) return false;
  if (webhook.company_id !== null && webhook.company_id !== event.company_id) return false;
  if (webhook.urgent_only && !event.urgent) return false;
  return !event.internal || webhook.staff_only;
}

export const isUrgentPriority = (priorityId: number | null | undefined): boolean => priorityId === PRIORITY.urgent;

/** The signed string: the timestamp (unix seconds), a dot, the exact body. */
export const webhookSignedText = (timestamp: number, body: string): string => `${timestamp}.${body}`;

/** `t=<unix seconds>,v1=<hex>` */
export const webhookSignatureHeader = (timestamp: number, hexSignature: string): string => `t=${timestamp},v1=${hexSignature}`;

/** The parts of a signature header, or null when it is not one. */
export function parseWebhookSignature(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * The address ranges (as ipaddr.js names them) a webhook may reach without an allowed host: public unicast only.
 * Everything else is refused: loopback, link-local (cloud metadata at 169.254.169.254), private, unique-local,
 * unspecified, multicast, broadcast, carrier-grade NAT, reserved, and the IPv6 forms that carry an IPv4 address
 * (checked as that address by the API).
 */
export const isPublicAddressRange = (range: string): boolean => range === 'unicast';

/**
 * Whether `host` (a URL's hostname, lower case, IPv6 without brackets) is one the admins allowed to be private:
 * an exact name or address, or `*.example.test` for its subdomains.
 */
export function isAllowedWebhookHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase().replace(/^\[|\]$/g, '');
    if (!rule) return false;
    return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) : name === rule;
  });
}

/** The allowed hosts as an admin types them (one a line or comma separated). */
export const parseAllowedHosts = (text: string): string[] => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

/** WHATWG URL, global in browsers and Node alike; the domain's lib (ES2023 only) does not name it. */
declare const URL: new (url: string) => { protocol: string; username: string; password: string };

/** Whether a webhook's URL is one it may have: http(s), no credentials. */
export function webhookUrlProblem(url: string): string | null {
  let parsed: { protocol: string; username: string; password: string };
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_MESSAGES.badUrl;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return WEBHOOK_MESSAGES.badUrl;
  if (parsed.username || parsed.password) return WEBHOOK_MESSAGES.badUrl;
  return null;
}

/** The facts a chat message tells. */
export interface ChatFacts {
  type: string;
  ticketId: number | null;
  title: string | null;
  priority: string | null;
  status: string | null;
  who: string | null;
  company: string | null;
  link: string | null;
  /** A line more: the note's text, the time logged, the invoice. */
  detail: string | null;
}

const EVENT_HEADLINE: Readonly<Record<WebhookEventType, string>> = {
  'ticket.created': 'ticket',
  'ticket.updated': 'ticket updated:',
  'ticket.status_changed': 'ticket status changed:',
  'ticket.note_added': 'note on ticket',
  'time.logged': 'time logged on ticket',
  'invoice.issued': 'invoice issued',
  'sla.breached': 'SLA breached on ticket',
};

/**
 * One readable line: "Urgent ticket #42 'Site down' by Dana Client (Acme, LLC): <link>" for a new ticket; other events
 * say what happened first ("Note on ticket #42 …").
 */
export function chatLine(facts: ChatFacts): string {
  const known = (EVENT_HEADLINE as Record<string, string>)[facts.type] ?? facts.type;
  const headline = facts.type === 'ticket.created' && facts.priority ? `${facts.priority} ${known}` : known;
  const parts = [headline.charAt(0).toUpperCase() + headline.slice(1)];
  if (facts.ticketId !== null) parts.push(`#${facts.ticketId}`);
  if (facts.title) parts.push(`'${facts.title}'`);
  if (facts.who) parts.push(`by ${facts.who}`);
  if (facts.company) parts.push(`(${facts.company})`);
  const line = parts.join(' ');
  return facts.link ? `${line}: ${facts.link}` : line;
}

const chatFields = (facts: ChatFacts): { title: string; value: string }[] => [
  ...(facts.priority ? [{ title: 'Priority', value: facts.priority }] : []),
  ...(facts.status ? [{ title: 'Status', value: facts.status }] : []),
  ...(facts.who ? [{ title: 'Who', value: facts.who }] : []),
  ...(facts.company ? [{ title: 'Company', value: facts.company }] : []),
];

/** Slack's incoming-webhook body: the line as `text` (what notifications show), the facts as blocks. */
export function slackMessage(facts: ChatFacts): { text: string; blocks: unknown[] } {
  const fields = chatFields(facts).map((f) => ({ type: 'mrkdwn', text: `*${f.title}*\n${f.value}` }));
  return {
    text: chatLine(facts),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: chatLine(facts) } },
      ...(fields.length > 0 ? [{ type: 'section', fields }] : []),
      ...(facts.detail ? [{ type: 'section', text: { type: 'plain_text', text: facts.detail.slice(0, 2900) } }] : []),
    ],
  };
}

/** Microsoft Teams' incoming-webhook body: a MessageCard with the same facts and an "Open ticket" button. */
export function teamsMessage(facts: ChatFacts): Record<string, unknown> {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: chatLine(facts),
    themeColor: facts.priority === 'Urgent' ? 'D93025' : '2F6FDE',
    title: chatLine({ ...facts, link: null }),
    sections: [{ facts: chatFields(facts).map((f) => ({ name: f.title, value: f.value })), ...(facts.detail ? { text: facts.detail.slice(0, 2900) } : {}) }],
    ...(facts.link ? { potentialAction: [{ '@type': 'OpenUri', name: 'Open ticket', targets: [{ os: 'default', uri: facts.link }] }] } : {}),
  };
}

/** Webhooks are the admins' (docs/product/integrations.md#webhooks): they send the portal's data elsewhere. */
export const canManageWebhooks = (viewer: Viewer | null): boolean => viewer !== null && isAdmin(viewer.groupId);
