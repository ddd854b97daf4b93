import { API_TOKEN_MESSAGES, API_TOKEN_PATTERN, MESSAGES, SECURITY_MESSAGES } from '@portal/domain';
import { generate } from 'otplib';
import { aToken, bearer } from '../test-support/api-tokens';
import { saveSecurityPolicy } from '../services/security-policy';
import { serviceContext } from '../services/service-context';
import { aTicket } from '../test-support/factories';
import { createTestApp, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimit: { max: 1000, timeWindowMs: 60_000 } });
  cookies = await t.loginDemoUsers();
  ids = await t.demoIds();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const withCookie = (cookie: string) => ({ cookie });
const inAYear = () => new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();

describe('making, listing and revoking tokens', () => {
  test('a token is answered once as pat_…, listed without it, works as a bearer, and after revocation gets 401', async () => {
    const made = await call('POST', '/api/account/api-tokens', withCookie(cookies.agent), { name: 'Nightly report', access: 'read', expires_at: inAYear() });
    expect(made.statusCode).toBe(201);
    const created = made.json();
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({ name: 'Nightly report', access: 'read', company_id: null, last_used_at: null });

    const stored = await t.app.db.selectFrom('api_tokens').select('token_hash').where('token_id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token);

    const me = await call('GET', '/api/auth/me', bearer(created.token));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ contact: { contact_id: ids.agent } });

    const listed = (await call('GET', '/api/account/api-tokens', withCookie(cookies.agent))).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: created.id, name: 'Nightly report', last_used_address: expect.any(String) });
    expect(listed[0].last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed[0]).not.toHaveProperty('token');

    expect((await call('DELETE', `/api/account/api-tokens/${created.id}`, withCookie(cookies.agent))).json()).toEqual({ ok: true });
    const after = await call('GET', '/api/auth/me', bearer(created.token));
    expect([after.statusCode, after.json().error]).toEqual([401, API_TOKEN_MESSAGES.invalid]);
    expect((await call('GET', '/api/account/api-tokens', withCookie(cookies.agent))).json()).toEqual([]);

    const trail = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', 'like', 'token.%').execute();
    expect(trail).toEqual(expect.arrayContaining([{ action: 'token.created', actor_id: ids.agent }, { action: 'token.revoked', actor_id: ids.agent }]));
  });

  test('the form is checked: a name, a future expiry, a company only for staff', async () => {
    const blank = await call('POST', '/api/account/api-tokens', withCookie(cookies.client), { name: '  ', access: 'read', expires_at: null });
    expect(blank.statusCode).toBe(400);
    const past = await call('POST', '/api/account/api-tokens', withCookie(cookies.client), { name: 'Old', access: 'read', expires_at: '2020-01-01T00:00:00Z' });
    expect([past.statusCode, past.json().error]).toEqual([400, API_TOKEN_MESSAGES.expiryInPast]);
    const scoped = await call('POST', '/api/account/api-tokens', withCookie(cookies.client), { name: 'Mine', access: 'read', expires_at: null, company_id: ids.acme });
    expect([scoped.statusCode, scoped.json().error]).toEqual([400, API_TOKEN_MESSAGES.companyStaffOnly]);
    const staff = await call('POST', '/api/account/api-tokens', withCookie(cookies.admin), { name: 'Acme only', access: 'write', expires_at: null, company_id: ids.acme });
    expect(staff.json()).toMatchObject({ company_id: ids.acme, company_name: 'Acme, LLC', expires_at: null });
  });

  test('another person cannot revoke or see my token; an admin can, and it is audited', async () => {
    const made = (await call('POST', '/api/account/api-tokens', withCookie(cookies.client), { name: 'Script', access: 'write', expires_at: null })).json();
    const byOther = await call('DELETE', `/api/account/api-tokens/${made.id}`, withCookie(cookies.agent));
    expect([byOther.statusCode, byOther.json().error]).toEqual([404, API_TOKEN_MESSAGES.notFound]);
    expect((await call('GET', `/api/admin/contacts/${ids.client}/api-tokens`, withCookie(cookies.agent))).statusCode).toBe(403);

    const seen = (await call('GET', `/api/admin/contacts/${ids.client}/api-tokens`, withCookie(cookies.admin))).json();
    expect(seen.map((token: { id: number }) => token.id)).toContain(made.id);
    expect((await call('DELETE', `/api/account/api-tokens/${made.id}`, withCookie(cookies.admin))).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', bearer(made.token))).statusCode).toBe(401);
    const entry = await t.app.db.selectFrom('audit_log').select(['actor_id', 'entity_id']).where('action', '=', 'token.revoked').where('entity_id', '=', made.id).executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(ids.admin);
  });

  test('a token cannot make, list or end tokens, nor reach the account’s security', async () => {
    const token = await aToken(t.app, ids.agent, { access: 'write' });
    for (const [method, url] of [
      ['POST', '/api/account/api-tokens'], ['GET', '/api/account/api-tokens'], ['DELETE', '/api/account/api-tokens/1'],
      ['GET', '/api/account/security'], ['GET', '/api/account/sessions'], ['POST', '/api/auth/logout'],
    ] as const) {
      const answer = await call(method, url, bearer(token), method === 'POST' ? { name: 'x', access: 'write', expires_at: null } : undefined);
      expect([method, url, answer.statusCode, answer.json().error]).toEqual([method, url, 403, API_TOKEN_MESSAGES.cookieOnly]);
    }
  });

  test('at most 20 live tokens per person', async () => {
    const dana = await t.login('dana@acme.test');
    for (let i = 0; i < 20; i += 1) {
      expect((await call('POST', '/api/account/api-tokens', withCookie(dana), { name: `T${i}`, access: 'read', expires_at: null })).statusCode).toBe(201);
    }
    const more = await call('POST', '/api/account/api-tokens', withCookie(dana), { name: 'One more', access: 'read', expires_at: null });
    expect([more.statusCode, more.json().error]).toEqual([409, API_TOKEN_MESSAGES.tooMany]);
  });
});

describe('a bearer request', () => {
  test('ignores cookies and the origin checks: another site’s Origin and cross-site fetch metadata do not stop it', async () => {
    const token = await aToken(t.app, ids.client, { access: 'write' });
    const ticketId = await aTicket(t.app, { company_id: ids.acme, title: 'From a script' });
    const answer = await call('POST', '/api/activity', {
      ...bearer(token), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', cookie: cookies.admin,
    }, { ticket_id: ticketId, note: 'Posted by a script' });
    expect(answer.statusCode).toBeLessThan(300);
    // The admin's cookie was ignored: the note is the client's.
    const note = await t.app.db.selectFrom('activity').select('contact_id').where('ticket_id', '=', ticketId).orderBy('activity_id', 'desc').executeTakeFirstOrThrow();
    expect(note.contact_id).toBe(ids.client);
    // The same write with the cookie alone from another site is refused.
    expect((await call('POST', '/api/activity', { origin: 'https://evil.example', cookie: cookies.client }, { ticket_id: ticketId, note: 'x' })).json().error)
      .toBe(MESSAGES.crossSiteRequest);
  });

  test('an unknown, malformed, expired or revoked token, or one of a deactivated owner, gets 401 even with a valid cookie', async () => {
    const expired = await aToken(t.app, ids.client, { access: 'read', expiresAt: '2021-01-01T00:00:00.000Z' });
    const malformed = 'not-a-token';
    const unknown = `pat_${'A'.repeat(43)}`;
    for (const token of [expired, malformed, unknown]) {
      const answer = await call('GET', '/api/auth/me', { ...bearer(token), cookie: cookies.client });
      expect([answer.statusCode, answer.json().error]).toEqual([401, API_TOKEN_MESSAGES.invalid]);
    }
    const sam = await aToken(t.app, ids.sam, { access: 'read' });
    expect((await call('GET', '/api/auth/me', bearer(sam))).statusCode).toBe(200);
    expect((await call('DELETE', `/api/contact/${ids.sam}`, withCookie(cookies.admin))).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', bearer(sam))).statusCode).toBe(401);
    // Revoked for good: linking the person again later does not bring the token back.
    const rows = await t.app.db.selectFrom('api_tokens').select('revoked_at').where('contact_id', '=', ids.sam).execute();
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
  });

  test('a new password or an admin’s reset of the second factor stops the owner’s tokens', async () => {
    const client2 = await t.contactId('client2@demo.test');
    const token = await aToken(t.app, client2, { access: 'read' });
    expect((await call('GET', '/api/auth/me', bearer(token))).statusCode).toBe(200);
    const changed = await call('PUT', `/api/contact/${client2}`, withCookie(cookies.client2), { password: 'a-new-secret-1', current_password: 'portal-demo' });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', bearer(token))).statusCode).toBe(401);

    const agentToken = await aToken(t.app, ids.agent, { access: 'read' });
    expect((await call('POST', `/api/admin/contacts/${ids.agent}/second-factor/reset`, withCookie(cookies.admin))).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', bearer(agentToken))).statusCode).toBe(401);
    const revoked = await t.app.db.selectFrom('api_tokens').select(['revoked_at', 'revoked_by']).where('contact_id', '=', ids.agent).execute();
    expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);
  });

  test('turning on one’s own authenticator app stops one’s tokens', async () => {
    const dana = await t.contactId('dana@acme.test');
    const token = await aToken(t.app, dana, { access: 'read' });
    const session = await t.login('dana@acme.test');
    const started = (await call('POST', '/api/account/security/totp', withCookie(session))).json() as { secret: string };
    expect((await call('GET', '/api/auth/me', bearer(token))).statusCode).toBe(200);
    const confirmed = await call('POST', '/api/account/security/totp/confirm', withCookie(session), { code: await generate({ secret: started.secret }) });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', bearer(token))).statusCode).toBe(401);
  });

  test('a staff member who must enrol a second factor gets 403 with a token, as with a session', async () => {
    const admin = await aToken(t.app, ids.admin, { access: 'write' });
    const system = { actorId: null, ip: null };
    await saveSecurityPolicy(serviceContext(t.app), system, { require_staff_second_factor: true });
    const answer = await call('GET', '/api/company', bearer(admin));
    expect([answer.statusCode, answer.json().error]).toEqual([403, SECURITY_MESSAGES.enrolRequired]);
    await saveSecurityPolicy(serviceContext(t.app), system, { require_staff_second_factor: false });
    expect((await call('GET', '/api/company', bearer(admin))).statusCode).toBe(200);
  });

  test('never sets a password, one’s own (even with the current one) or, as an admin, another’s', async () => {
    const client2 = await t.contactId('client2@demo.test');
    const token = await aToken(t.app, client2, { access: 'write' });
    const own = await call('PUT', `/api/contact/${client2}`, bearer(token), { password: 'a-third-secret-9', current_password: 'a-new-secret-1' });
    expect([own.statusCode, own.json().error]).toEqual([403, API_TOKEN_MESSAGES.cookieOnly]);
    const admin = await aToken(t.app, ids.admin, { access: 'write' });
    const other = await call('PUT', `/api/contact/${client2}`, bearer(admin), { password: 'a-third-secret-9' });
    expect([other.statusCode, other.json().error]).toEqual([403, API_TOKEN_MESSAGES.cookieOnly]);
    expect(await t.login('client2@demo.test', 'a-new-secret-1')).toMatch(/^portal_session=/);
    // Other fields are the owner's to change with a write token.
    expect((await call('PUT', `/api/contact/${client2}`, bearer(token), { phone: '555-010-9999' })).statusCode).toBe(200);
  });

  test('is rate limited per token: 429 with Retry-After past the limit, another token unaffected', async () => {
    const limited = await createTestApp({ apiTokenRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const agent = await limited.contactId('agent@demo.test');
      const one = await aToken(limited.app, agent, { access: 'read' });
      const two = await aToken(limited.app, agent, { access: 'read' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(one) })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(one) });
      expect(refused.json().error).toBe(MESSAGES.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(two) })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('a token limited to one company', () => {
  test('lists that company’s tickets only, reads and writes its tickets, and is refused another company’s and every other route', async () => {
    const globex = await t.companyId('Globex Corporation').catch(async () => t.app.repos.companies.create(t.app.db, { name: 'Globex Scope', mode: 1 }));
    const acmeTicket = await aTicket(t.app, { company_id: ids.acme, title: 'Scoped Acme work', status_id: 2 });
    const otherTicket = await aTicket(t.app, { company_id: globex, title: 'Scoped other work', status_id: 2 });
    const token = await aToken(t.app, ids.admin, { access: 'write', companyId: ids.acme });
    const list = '/api/staff/tickets/list?statuses=1,2,3,4&limit=200';

    // The owner's session first: its answer is kept in memory, and must not be what the token gets (nor the other way round).
    const full = (await call('GET', list, withCookie(cookies.admin))).json() as { tickets: { ticket_id: number; company_id: number }[] };
    expect(full.tickets.map((row) => row.ticket_id)).toEqual(expect.arrayContaining([acmeTicket, otherTicket]));
    const narrowed = (await call('GET', list, bearer(token))).json() as { tickets: { ticket_id: number; company_id: number }[] };
    expect(narrowed.tickets.map((row) => row.ticket_id)).toContain(acmeTicket);
    expect(narrowed.tickets.every((row) => row.company_id === ids.acme)).toBe(true);
    expect((await call('GET', list, withCookie(cookies.admin))).json().tickets.map((row: { ticket_id: number }) => row.ticket_id)).toContain(otherTicket);

    // Search finds that company's tickets only, and no companies or people.
    const everyone = (await call('GET', '/api/search?q=Scoped', withCookie(cookies.admin))).json();
    expect(everyone.tickets.items.map((hit: { ticket_id: number }) => hit.ticket_id)).toEqual(expect.arrayContaining([acmeTicket, otherTicket]));
    const found = (await call('GET', '/api/search?q=Scoped', bearer(token))).json();
    expect(found.tickets.items.map((hit: { ticket_id: number }) => hit.ticket_id)).toEqual([acmeTicket]);
    expect(found).not.toHaveProperty('companies');
    expect(found).not.toHaveProperty('contacts');

    expect((await call('GET', `/api/ticket/${acmeTicket}`, bearer(token))).statusCode).toBe(200);
    expect((await call('GET', `/api/ticket/${otherTicket}`, withCookie(cookies.admin))).statusCode).toBe(200);
    const other = await call('GET', `/api/ticket/${otherTicket}`, bearer(token));
    expect([other.statusCode, other.json().error]).toEqual([403, API_TOKEN_MESSAGES.otherCompany]);
    expect((await call('GET', `/api/company/${globex}/tickets`, bearer(token))).statusCode).toBe(403);
    expect((await call('GET', `/api/company/${ids.acme}/tickets`, bearer(token))).statusCode).toBe(200);
    const elsewhere = await call('GET', '/api/staff/tickets', bearer(token));
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([403, API_TOKEN_MESSAGES.companyScope]);
    const created = await call('POST', '/api/ticket', bearer(token), { company_id: globex, title: 'x', description: 'x', type_id: 2, priority_id: 3, estimate_required: 0 });
    expect([created.statusCode, created.json().error]).toEqual([403, API_TOKEN_MESSAGES.otherCompany]);
  });
});

describe('the OpenAPI page', () => {
  test('documents the bearer scheme, and a bearer GET works without cookies or Origin', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(spec.paths['/api/account/api-tokens']).toBeDefined();
    const token = await aToken(t.app, ids.admin, { access: 'read' });
    expect((await t.app.inject({ method: 'GET', url: '/api/company', headers: bearer(token) })).statusCode).toBe(200);
  });
});
