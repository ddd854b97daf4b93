import {
  API_TOKEN_MESSAGES, API_TOKEN_PATTERN, API_TOKENS_PER_PERSON, apiTokenExpiry, apiTokenInputProblem, apiTokenRefusal, canCreateAnotherApiToken,
  canRevokeApiToken, canSeeApiTokensOf, canSetPasswordWith, companyScopeCheck, isApiTokenLive, withinTokenCompany,
} from './api-tokens';
import { GROUP_ADMIN, GROUP_CLIENT } from './groups';

const now = new Date('2026-12-07T10:00:00.000Z');
const input = { name: 'Report', access: 'read' as const, expires_at: null, company_id: null };

describe('the create form', () => {
  test('needs a name, a future expiry or none, and a company only for staff', () => {
    expect(apiTokenInputProblem(input, GROUP_CLIENT, now)).toBeNull();
    expect(apiTokenInputProblem({ ...input, name: '   ' }, GROUP_CLIENT, now)).toBe(API_TOKEN_MESSAGES.nameRequired);
    expect(apiTokenInputProblem({ ...input, name: 'x'.repeat(81) }, GROUP_CLIENT, now)).toBe(API_TOKEN_MESSAGES.nameTooLong);
    expect(apiTokenInputProblem({ ...input, expires_at: now.toISOString() }, GROUP_CLIENT, now)).toBe(API_TOKEN_MESSAGES.expiryInPast);
    expect(apiTokenInputProblem({ ...input, expires_at: apiTokenExpiry(now, 30) }, GROUP_CLIENT, now)).toBeNull();
    expect(apiTokenInputProblem({ ...input, company_id: 4 }, GROUP_CLIENT, now)).toBe(API_TOKEN_MESSAGES.companyStaffOnly);
    expect(apiTokenInputProblem({ ...input, company_id: 4 }, GROUP_ADMIN, now)).toBeNull();
  });

  test('an expiry of N days, liveness, and at most 20 live tokens', () => {
    expect(apiTokenExpiry(now, 90)).toBe('2027-03-07T10:00:00.000Z');
    expect(isApiTokenLive({ expires_at: null, revoked_at: null }, now)).toBe(true);
    expect(isApiTokenLive({ expires_at: '2026-12-07T09:59:59.000Z', revoked_at: null }, now)).toBe(false);
    expect(isApiTokenLive({ expires_at: null, revoked_at: '2026-12-01T00:00:00.000Z' }, now)).toBe(false);
    expect(canCreateAnotherApiToken(API_TOKENS_PER_PERSON - 1)).toBe(true);
    expect(canCreateAnotherApiToken(API_TOKENS_PER_PERSON)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`pat_${'a'.repeat(43)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`pat_${'a'.repeat(42)}`)).toBe(false);
  });

  test('the owner sees and revokes its tokens; an admin anyone’s', () => {
    const client = { contactId: 7, groupId: GROUP_CLIENT };
    const admin = { contactId: 1, groupId: GROUP_ADMIN };
    expect([canRevokeApiToken(client, 7), canRevokeApiToken(client, 8), canRevokeApiToken(admin, 8)]).toEqual([true, false, true]);
    expect([canSeeApiTokensOf(client, 7), canSeeApiTokensOf(client, 8), canSeeApiTokensOf(admin, 8)]).toEqual([true, false, true]);
  });
});

describe('what a grant may call', () => {
  test('read: GET and HEAD only; write: every route; inbound: only POST /inbound/tickets', () => {
    expect(apiTokenRefusal({ access: 'read' }, 'GET', '/ticket/:id')).toBeNull();
    expect(apiTokenRefusal({ access: 'read' }, 'HEAD', '/ticket/:id')).toBeNull();
    expect(apiTokenRefusal({ access: 'read' }, 'PUT', '/ticket/:id')).toBe(API_TOKEN_MESSAGES.readOnly);
    expect(apiTokenRefusal({ access: 'read' }, 'POST', '/inbound/tickets')).toBe(API_TOKEN_MESSAGES.readOnly);
    expect(apiTokenRefusal({ access: 'write' }, 'DELETE', '/tags/:id')).toBeNull();
    expect(apiTokenRefusal({ access: 'inbound' }, 'POST', '/inbound/tickets')).toBeNull();
    expect(apiTokenRefusal({ access: 'inbound' }, 'GET', '/ticket/:id')).toBe(API_TOKEN_MESSAGES.inboundOnly);
    expect(apiTokenRefusal({ access: 'inbound' }, 'GET', '/auth/me')).toBe(API_TOKEN_MESSAGES.inboundOnly);
  });

  test('no token reaches the account’s keys, sign-in or the live stream; "who am I" stays open', () => {
    for (const [method, path] of [
      ['POST', '/account/api-tokens'], ['DELETE', '/account/api-tokens/:id'], ['GET', '/account/security'], ['POST', '/auth/logout'],
      ['POST', '/admin/contacts/:id/sessions/end'], ['PUT', '/admin/security-policy'], ['GET', '/events'], ['POST', '/events/watch'],
    ]) {
      expect(apiTokenRefusal({ access: 'write' }, method!, path!)).toBe(API_TOKEN_MESSAGES.cookieOnly);
    }
    expect(apiTokenRefusal({ access: 'write' }, 'GET', '/auth/me')).toBeNull();
  });

  test('a company-scoped token: its company’s routes by :id, a new ticket by its body, lookups; nothing else', () => {
    expect(companyScopeCheck('GET', '/company/:id/tickets')).toBe('company-param');
    expect(companyScopeCheck('PUT', '/ticket/:id')).toBe('ticket-param');
    expect(companyScopeCheck('POST', '/ticket')).toBe('body-company');
    expect(companyScopeCheck('POST', '/inbound/tickets')).toBe('grant');
    expect(companyScopeCheck('GET', '/options')).toBe('none');
    for (const [method, path] of [['GET', '/staff/tickets'], ['POST', '/search/:type'], ['PUT', '/ticket/bulk'], ['GET', '/company'], ['GET', '/company/-1/invoiceitems/:offset'], ['GET', '/:target_type/:id/attachments']]) {
      expect(companyScopeCheck(method!, path!)).toBeNull();
    }
  });
});

test('a list narrowed to a token’s company keeps that company alone, within the list’s own choice', () => {
  expect(withinTokenCompany(null, null)).toBeNull();
  expect(withinTokenCompany([1, 2], { companyId: null })).toEqual([1, 2]);
  expect(withinTokenCompany(null, { companyId: 4 })).toEqual([4]);
  expect(withinTokenCompany([1, 4], { companyId: 4 })).toEqual([4]);
  expect(withinTokenCompany([1, 2], { companyId: 4 })).toEqual([]);
  expect(companyScopeCheck('GET', '/staff/tickets/list')).toBe('narrowed');
  expect(companyScopeCheck('GET', '/search')).toBe('narrowed');
});

test('no token sets a password', () => {
  expect(canSetPasswordWith(null)).toBe(true);
  expect(canSetPasswordWith({ access: 'write' })).toBe(false);
});
