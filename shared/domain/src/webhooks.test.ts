import {
  chatLine, isAllowedWebhookHost, isPublicAddressRange, parseWebhookSignature, slackMessage, teamsMessage, webhookMatches, webhookRetryAt,
  webhookEventLabel, webhookSignatureHeader, webhookSignedText, webhookUrlProblem, WEBHOOK_MESSAGES,
} from './webhooks';

const endpoint = { events: ['ticket.created', 'ticket.note_added'], company_id: null, urgent_only: false, staff_only: false };
const event = { type: 'ticket.created', company_id: 3, urgent: false, internal: false };

describe('webhookMatches', () => {
  it('hears its event types only', () => {
    expect(webhookMatches(endpoint, event)).toBe(true);
    expect(webhookMatches(endpoint, { ...event, type: 'time.logged' })).toBe(false);
  });
  it('narrows to one company', () => {
    expect(webhookMatches({ ...endpoint, company_id: 3 }, event)).toBe(true);
    expect(webhookMatches({ ...endpoint, company_id: 4 }, event)).toBe(false);
  });
  it('hears urgent tickets only when asked', () => {
    expect(webhookMatches({ ...endpoint, urgent_only: true }, event)).toBe(false);
    expect(webhookMatches({ ...endpoint, urgent_only: true }, { ...event, urgent: true })).toBe(true);
  });
  it('sends an internal note to staff-only endpoints only', () => {
    const note = { ...event, type: 'ticket.note_added', internal: true };
    expect(webhookMatches(endpoint, note)).toBe(false);
    expect(webhookMatches({ ...endpoint, staff_only: true }, note)).toBe(true);
  });
});

describe('webhookRetryAt', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  it('waits 30 s, doubling, at most an hour', () => {
    expect(webhookRetryAt(1, created, created)!.getTime() - created.getTime()).toBe(30_000);
    expect(webhookRetryAt(2, created, created)!.getTime() - created.getTime()).toBe(60_000);
    expect(webhookRetryAt(20, created, created)!.getTime() - created.getTime()).toBe(3_600_000);
  });
  it('gives up after 24 hours', () => {
    const late = new Date(created.getTime() + 23.5 * 3_600_000);
    expect(webhookRetryAt(30, created, late)).toBeNull();
  });
});

describe('the signature', () => {
  it('signs the timestamp, a dot and the body, and parses back', () => {
    expect(webhookSignedText(1700000000, '{"a":1}')).toBe('1700000000.{"a":1}');
    const header = webhookSignatureHeader(1700000000, 'a'.repeat(64));
    expect(parseWebhookSignature(header)).toEqual({ timestamp: 1700000000, signatures: ['a'.repeat(64)] });
    expect(parseWebhookSignature('t=1,v1=nothex')).toBeNull();
  });
});

describe('addresses and hosts', () => {
  it('allows public unicast only', () => {
    expect(isPublicAddressRange('unicast')).toBe(true);
    for (const range of ['loopback', 'linkLocal', 'private', 'uniqueLocal', 'unspecified', 'multicast', 'carrierGradeNat', 'reserved']) {
      expect(isPublicAddressRange(range)).toBe(false);
    }
  });
  it('matches allowed hosts exactly or by a wildcard', () => {
    expect(isAllowedWebhookHost('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAllowedWebhookHost('[::1]', ['::1'])).toBe(true);
    expect(isAllowedWebhookHost('hooks.internal.test', ['*.internal.test'])).toBe(true);
    expect(isAllowedWebhookHost('internal.test.evil.com', ['*.internal.test'])).toBe(false);
    expect(isAllowedWebhookHost('10.0.0.1', ['10.0.0.2'])).toBe(false);
  });
  it('takes http and https URLs without credentials', () => {
    expect(webhookUrlProblem('https://example.com/hook')).toBeNull();
    expect(webhookUrlProblem('ftp://example.com')).toBe(WEBHOOK_MESSAGES.badUrl);
    expect(webhookUrlProblem('https://user:pw@example.com')).toBe(WEBHOOK_MESSAGES.badUrl);
  });
});

describe('chat messages', () => {
  const facts = {
    type: 'ticket.created', ticketId: 42, title: 'Site down', priority: 'Urgent', status: 'Backlog', who: 'Dana Client', company: 'Acme, LLC',
    link: 'https://portal.test/clients/3/tickets/42', detail: null,
  };
  it('says who, what and where in one line', () => {
    expect(chatLine(facts)).toBe("Urgent ticket #42 'Site down' by Dana Client (Acme, LLC): https://portal.test/clients/3/tickets/42");
  });
  it('speaks Slack and Teams', () => {
    expect(slackMessage(facts).text).toBe(chatLine(facts));
    const card = teamsMessage(facts);
    expect(card['@type']).toBe('MessageCard');
    expect(JSON.stringify(card)).toContain('https://portal.test/clients/3/tickets/42');
    expect(JSON.stringify(card)).toContain('Dana Client');
  });
});

describe('webhookEventLabel', () => {
  it('names the event types, the test event and anything else by its type', () => {
    expect(webhookEventLabel('ticket.status_changed')).toBe('Status changed');
    expect(webhookEventLabel('webhook.test')).toBe('Test');
    expect(webhookEventLabel('ticket.merged')).toBe('ticket.merged');
  });
});
